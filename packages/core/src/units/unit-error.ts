/** A value whose unit is unknown or cannot be converted; it is refused, never stored wrong. */
export class UnitError extends Error {
  override readonly name = 'UnitError';
}

import { UnitError } from './unit-error';

/** `to = from × factor + offset`: every conversion between health units is affine. */
export interface Linear {
  factor: number;
  offset: number;
}

export type Converter = (value: number) => number;

/** The function applying a conversion; a non-finite value is refused. */
export function linearConverter({ factor, offset }: Linear): Converter {
  if (factor === 1 && offset === 0) return finite;
  if (offset === 0) return (value) => finite(value) * factor;
  // Only offset scales (temperatures) pick up subtraction noise: 98.6 °F would be 37.00000000000003 °C.
  return (value) => tidy(finite(value) * factor + offset);
}

function finite(value: number): number {
  if (!Number.isFinite(value)) throw new UnitError(`Value ${value} is not a finite number`);
  return value;
}

/** No health measurement carries 12 significant digits; beyond them is arithmetic noise (98.6 °F → 37.00000000000003). */
function tidy(value: number): number {
  return Number(value.toPrecision(12));
}

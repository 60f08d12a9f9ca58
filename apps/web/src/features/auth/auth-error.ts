/** An identity error raised by the client itself (e.g. no signed-in user), coded like the server's. */
export class AuthError extends Error {
  override name = 'AuthError';

  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

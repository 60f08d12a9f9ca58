/** The provider no longer accepts the saved sign-in: the person has to connect again. */
export class ReauthRequired extends Error {
  override readonly name = 'ReauthRequired';
}

/** The provider asked us to wait longer than a sync should block; the sync resumes at `retryAt`. */
export class RateLimited extends Error {
  override readonly name = 'RateLimited';
  constructor(
    message: string,
    readonly retryAt: number,
  ) {
    super(message);
  }
}

/** Any other failed call, with the status when there was one. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

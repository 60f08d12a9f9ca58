import type { TokenSet } from '@healthfolio/connectors';

/** The person's id at the provider, as its pushes name them (Strava's athlete id, Withings' userid). */
export function providerUserId(tokens: TokenSet): string | null {
  const id = tokens.extra?.athleteId ?? tokens.extra?.userId;
  return id === undefined || id === '' ? null : String(id);
}

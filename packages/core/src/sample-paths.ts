/**
 * One device's readings can reach Healthfolio by several paths: an Apple Watch's steps in export.zip and
 * again pushed by Health Auto Export; an Oura ring's days in the Oura app's CSV and through Oura's API.
 * They are one device, and each slice of time must count once.
 *
 * A sample's path is kept with its device: the stored `device` is the device's name, then
 * PATH_SEPARATOR and the path when there is one. The store, the daily rollups and the priority merge
 * then see each path of a device as a stream of its own, and the merge ranks the paths of one device
 * together, the finer-grained first (see the server's metrics/merge.ts): the same reading never counts
 * twice, and a coarser path only fills where the finer one has nothing. Everything shown to people
 * splits the stored device back with `splitDevice`.
 *
 * Paths: the format id of an imported file ("apple-health", "oura", "health-auto-export"), "push" for
 * Healthfolio's own JSON posted to an ingest URL, "sandbox" for a sandbox connection. A provider's own
 * API, and what a person typed in, have none.
 */
export const PATH_SEPARATOR = '\u001f';

/** Paths that are not an importer's format id. */
export const PUSH_PATH = 'push';
export const SANDBOX_PATH = 'sandbox';

let lastDevice: string | null | undefined;
let lastPath: string | undefined;
let lastStored: string | null = null;

/** The stored device of a reading of `device` that came by `path` (cached: called once per sample). */
export function deviceWithPath(device: string | null | undefined, path: string | undefined): string | null {
  if (!path) return device ?? null;
  if (device === lastDevice && path === lastPath) return lastStored;
  lastDevice = device;
  lastPath = path;
  lastStored = `${device ?? ''}${PATH_SEPARATOR}${path}`;
  return lastStored;
}

/** A stored device split back into the device's name and the path it came by. */
export function splitDevice(stored: string | null): { device: string | null; path: string | null } {
  if (stored === null) return { device: null, path: null };
  const at = stored.indexOf(PATH_SEPARATOR);
  if (at < 0) return { device: stored, path: null };
  return { device: at === 0 ? null : stored.slice(0, at), path: stored.slice(at + 1) };
}

/** The device's name alone, as people and priorities name it. */
export function plainDevice(stored: string | null): string | null {
  if (stored === null) return null;
  const at = stored.indexOf(PATH_SEPARATOR);
  return at < 0 ? stored : at === 0 ? null : stored.slice(0, at);
}

/** The path a stored device came by, or null for the source's own API or a manual entry. */
export function pathOf(stored: string | null): string | null {
  if (stored === null) return null;
  const at = stored.indexOf(PATH_SEPARATOR);
  return at < 0 ? null : stored.slice(at + 1);
}

/** Whether a stored device came from a sandbox connection: generated data, not the person's. */
export const isSandboxDevice = (stored: string | null): boolean => pathOf(stored) === SANDBOX_PATH;

/**
 * A SQL LIKE pattern matching every stored device (and daily rollup stream device) of sandbox data:
 * the path is always last, after the separator.
 */
export const SANDBOX_DEVICE_LIKE = `%${PATH_SEPARATOR}${SANDBOX_PATH}`;

/**
 * A Google Fit data source, as "Data Source" names it at the top of an All Data file:
 * `type:dataType[:app package][:manufacturer:model:uid]:stream`, where a derived stream may say what it
 * was derived from after "<-" ("resting_heart_rate<-merge_heart_rate_bpm").
 */
export interface DataSource {
  /** The whole id, "derived:com.google.step_count.delta:com.google.android.gms:merge_step_deltas". */
  id: string;
  /** "com.google.step_count.delta" */
  dataType: string;
  /** The stream's own name, before any "<-": "merge_step_deltas", "resting_heart_rate", "top_level". */
  stream: string;
  /**
   * Google's merge of every source of the type ("merge_step_deltas", "merge_weight", "merged"), which
   * Fit shows and which already counts each reading once. A phone's local copy ("…_local") is not it.
   */
  merged: boolean;
  /** Who recorded it, for people: "Google Pixel 7", else the app's package; null when it names neither. */
  device: string | null;
}

const MERGED = /^merge(?:d|_.+)$/;

export function parseDataSource(id: string): DataSource | undefined {
  const own = id.split('<-', 1)[0]!;
  const parts = own.split(':');
  const dataType = parts[1];
  if (parts.length < 3 || !dataType || !/^com\.google\.[\w.]+$/.test(dataType)) return undefined;
  // A sensor's own source names no app: "raw:com.google.step_count.cumulative:Google:Pixel 7:1a2b:Step Counter".
  const hasApp = parts[2]!.includes('.');
  const rest = parts.slice(hasApp ? 3 : 2);
  const hardware = rest.length >= 4 ? rest.slice(0, 2).join(' ').trim() : '';
  const stream = (rest.length >= 4 ? rest.slice(3) : rest).join(':');
  return {
    id,
    dataType,
    stream,
    merged: MERGED.test(stream) && !stream.endsWith('_local'),
    device: hardware || (hasApp ? parts[2]! : null),
  };
}

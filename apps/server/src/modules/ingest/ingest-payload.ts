import { ownSampleSchema, ownSampleToNewSample, PUSH_PATH, type NewSample } from '@healthfolio/core';
import { isHealthAutoExport, parseHealthAutoExport, type ImportIssue } from '@healthfolio/importers';
import { AppError } from '../../http/errors';
import { readJsonBody } from '../../http/json-body';

/** Both formats an ingest URL takes, as its error messages name them. */
export const ACCEPTED_FORMATS =
  'the JSON of Health Auto Export\'s REST API automation ({"data": {"metrics": [...], "workouts": [...]}}) ' +
  'or Healthfolio\'s own JSON ({"samples": [{"type", "value", "unit", "start"}]})';

/** Samples one post may carry in our own JSON (as `ownSamplesPayloadSchema` says). */
const MAX_OWN_SAMPLES = 50_000;

export interface PushedSamples {
  format: 'health-auto-export' | 'healthfolio';
  samples: NewSample[];
  issues: ImportIssue[];
  /** Readings in the post: written, refused or skipped (records = samples + rejected + skipped). */
  records: number;
  /** Readings that could not be read. */
  rejected: number;
  /** Readings deliberately not kept (a metric Healthfolio has no kind for). */
  skipped: number;
}

/**
 * The samples of one post to an ingest URL, written under `source`. A reading that cannot be read is an
 * issue and the rest go on; a body that is neither format is refused whole, naming both.
 */
export function readPushedSamples(body: unknown, source: string, timeZone: string): PushedSamples {
  // The path each reading came by (sample-paths.ts): Health Auto Export's, as when its file is imported,
  // so a push and an import of the same readings are one stream; ours, "push".
  if (isHealthAutoExport(body)) {
    const parsed = parseHealthAutoExport(body, { source, timeZone });
    for (const sample of parsed.samples) sample.path = 'health-auto-export';
    return {
      format: 'health-auto-export',
      samples: parsed.samples,
      issues: parsed.issues,
      records: parsed.readings,
      rejected: parsed.rejected,
      skipped: parsed.skipped.reduce((n, s) => n + s.count, 0),
    };
  }
  const samples =
    typeof body === 'object' && body !== null ? (body as { samples?: unknown }).samples : undefined;
  if (!Array.isArray(samples)) {
    throw new AppError('validation', `This body is neither format this URL takes: send ${ACCEPTED_FORMATS}.`);
  }
  if (samples.length > MAX_OWN_SAMPLES) {
    throw new AppError(
      'payload_too_large',
      `One post may carry up to ${MAX_OWN_SAMPLES} samples; this one has ${samples.length}. Send them in parts.`,
    );
  }
  const out: PushedSamples = {
    format: 'healthfolio',
    samples: [],
    issues: [],
    records: samples.length,
    rejected: 0,
    skipped: 0,
  };
  samples.forEach((item, record) => {
    const parsed = ownSampleSchema.safeParse(item);
    if (parsed.success) {
      out.samples.push({ ...ownSampleToNewSample(parsed.data, source), path: PUSH_PATH });
      return;
    }
    out.rejected++;
    const first = parsed.error.issues[0];
    const field = first?.path.join('.') ?? '';
    out.issues.push({
      message: `samples[${record}]${field ? `.${field}` : ''}: ${first?.message ?? 'is invalid'}`,
      record,
    });
  });
  return out;
}

/**
 * The body as JSON, or a readable refusal: 415 for a type that is not JSON (Health Auto Export's CSV
 * format posts multipart/form-data), 400 for JSON that does not parse or nests deeper than 64 levels.
 */
export function parseJsonBody(contentType: string | undefined, raw: Buffer | undefined): unknown {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const jsonish = type === '' || type === 'text/plain' || type.endsWith('/json') || type.endsWith('+json');
  if (!jsonish) {
    throw new AppError(
      'unsupported_media_type',
      `This URL takes JSON, not ${type}: send ${ACCEPTED_FORMATS}. In Health Auto Export, choose JSON as the export format.`,
    );
  }
  if (!raw || raw.length === 0) {
    throw new AppError('validation', `The body is empty: send ${ACCEPTED_FORMATS}.`);
  }
  // Nesting past 64 levels is refused and `__proto__` keys dropped, as on every API body.
  return readJsonBody(raw.toString('utf8'), 'The body', `: send ${ACCEPTED_FORMATS}`);
}

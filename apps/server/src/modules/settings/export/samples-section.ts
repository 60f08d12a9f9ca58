import { splitDevice } from '@healthfolio/core';
import type { ExportRow, ExportSection } from './export-types';
import type { SamplesQuery } from '../../metrics';

const PAGE = 2000;

/**
 * An instant in the offset it was recorded at: 2026-03-01T07:30:00+01:00, with its milliseconds when it
 * has any (2026-03-01T07:30:00.250+01:00), so an export read back gives the very instant.
 */
export function isoWithOffset(ms: number, offsetMin: number): string {
  const local = new Date(ms + offsetMin * 60_000).toISOString().slice(0, ms % 1000 === 0 ? 19 : 23);
  if (offsetMin === 0) return `${local}Z`;
  const abs = Math.abs(offsetMin);
  const sign = offsetMin > 0 ? '+' : '-';
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * Every sample of the user, streamed; in FHIR each becomes an Observation with a UCUM quantity. What
 * sandbox connections brought (generated data) is left out unless the person includes sandbox data.
 */
export function samplesSection(
  repo: Pick<SamplesQuery, 'samplesPage'>,
  userId: string,
  { includeSandbox = false }: { includeSandbox?: boolean } = {},
): ExportSection {
  return {
    name: 'samples',
    columns: [
      'id',
      'type',
      'value',
      'unit',
      'start',
      'end',
      'tz',
      'source',
      'device',
      'path',
      'originId',
      'flag',
      'loinc',
      'meta',
    ],
    async *rows() {
      let after = 0;
      for (;;) {
        const page = await repo.samplesPage(userId, after, PAGE, { excludeSandbox: !includeSandbox });
        for (const s of page) {
          // The path a reading came by rides with its device in storage (sample-paths.ts).
          const { device, path } = splitDevice(s.device);
          yield {
            id: s.id,
            type: s.kind,
            value: s.value,
            unit: s.unit,
            start: isoWithOffset(s.start_at, s.utc_offset_min),
            end: isoWithOffset(s.end_at, s.utc_offset_min),
            tz: s.tz,
            source: s.source,
            device,
            path,
            originId: s.origin_id,
            flag: s.flag,
            loinc: loincOf(s.meta),
            meta: s.meta,
          };
        }
        const last = page[page.length - 1];
        if (!last || page.length < PAGE) return;
        after = last.id;
      }
    },
    toFhir: observation,
  };
}

function observation(row: ExportRow, patientRef: string): Record<string, unknown> {
  const loinc = typeof row.loinc === 'string' ? row.loinc : null;
  const instant = row.start === row.end;
  return {
    resourceType: 'Observation',
    id: `sample-${String(row.id)}`,
    status: 'final',
    code: {
      text: row.type,
      ...(loinc ? { coding: [{ system: 'http://loinc.org', code: loinc }] } : {}),
    },
    subject: { reference: patientRef },
    ...(instant ? { effectiveDateTime: row.start } : { effectivePeriod: { start: row.start, end: row.end } }),
    valueQuantity: { value: row.value, unit: row.unit, system: 'http://unitsofmeasure.org', code: row.unit },
    ...(row.flag ? { interpretation: [{ text: row.flag }] } : {}),
    device: { display: row.device ? `${String(row.source)} · ${String(row.device)}` : row.source },
  };
}

function loincOf(meta: string | null): string | null {
  if (!meta) return null;
  try {
    const parsed = JSON.parse(meta) as { loinc?: unknown };
    return typeof parsed.loinc === 'string' ? parsed.loinc : null;
  } catch {
    return null;
  }
}

/**
 * One CSV per metric (`metrics/<kind>.csv`): the kind's samples in time order, in its canonical unit, so a
 * spreadsheet opens one measurement at a time.
 */
export async function metricSections(
  repo: Pick<SamplesQuery, 'kindsHeld' | 'samplesOfKindPage'>,
  userId: string,
  { includeSandbox = false }: { includeSandbox?: boolean } = {},
): Promise<ExportSection[]> {
  const scope = { excludeSandbox: !includeSandbox };
  return (await repo.kindsHeld(userId, scope)).map((kind) => ({
    name: `metrics/${kind}`,
    columns: ['start', 'end', 'value', 'unit', 'source', 'device', 'flag'],
    async *rows() {
      let after = { start: Number.MIN_SAFE_INTEGER, id: 0 };
      for (;;) {
        const page = await repo.samplesOfKindPage(userId, kind, after, PAGE, scope);
        for (const s of page) {
          yield {
            start: isoWithOffset(s.start_at, s.utc_offset_min),
            end: isoWithOffset(s.end_at, s.utc_offset_min),
            value: s.value,
            unit: s.unit,
            source: s.source,
            device: splitDevice(s.device).device,
            flag: s.flag,
          };
        }
        const last = page[page.length - 1];
        if (!last || page.length < PAGE) return;
        after = { start: Number(last.start_at), id: Number(last.id) };
      }
    },
  }));
}

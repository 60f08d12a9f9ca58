import type { ExportContent } from './export-types';

/**
 * The version of the JSON export's layout, read back by the `healthfolio-export` importer: raised when a
 * section or column changes meaning (additions that older readers may ignore keep it). Version 2 added
 * the samples' tz, originId and meta, the clinical records' originId, and the settings and goals sections.
 */
export const EXPORT_VERSION = 2;

/** `{"format", "version", "exportedAt", "profile", "<section>": [...], …}`, written piece by piece. */
export async function* jsonExport(content: ExportContent, exportedAt: Date): AsyncGenerator<string> {
  yield `{"format":"healthfolio-export","version":${EXPORT_VERSION},"exportedAt":${JSON.stringify(exportedAt.toISOString())}`;
  yield `,"profile":${JSON.stringify(content.profile)}`;
  for (const section of content.sections) {
    yield `,${JSON.stringify(section.name)}:[`;
    let first = true;
    for await (const row of section.rows()) {
      yield (first ? '' : ',') + JSON.stringify(row);
      first = false;
    }
    yield ']';
  }
  yield '}\n';
}

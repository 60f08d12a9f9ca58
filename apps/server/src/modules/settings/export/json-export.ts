import type { ExportContent } from './export-sections';

/** `{"exportedAt", "profile", "<section>": [...], …}`, written piece by piece. */
export async function* jsonExport(content: ExportContent, exportedAt: Date): AsyncGenerator<string> {
  yield `{"format":"healthfolio-export","version":1,"exportedAt":${JSON.stringify(exportedAt.toISOString())}`;
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

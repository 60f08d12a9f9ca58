import fs from 'node:fs';
import { supportedFormats } from '@healthfolio/importers';
import { describe, expect, it } from 'vitest';

/**
 * The web names each format the server reads in the person's language (`imports:formats.<id>`,
 * apps/web/src/features/imports/format-name.ts) and falls back to the server's English label for an id it
 * has no words for. This keeps the two lists together: a format added here needs its words there.
 */
const LANGUAGES = ['en', 'es', 'de'];

function formatWords(language: string): Record<string, string> {
  const file = new URL(`../../../web/src/i18n/locales/${language}/imports.json`, import.meta.url);
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { formats: Record<string, string> }).formats;
}

describe('the web has words for every import format', () => {
  it.each(LANGUAGES)('in %s', (language) => {
    const words = formatWords(language);
    const ids: string[] = supportedFormats().map((f) => f.format);
    expect(ids.filter((id) => !words[id])).toEqual([]);
    expect(Object.keys(words).filter((id) => !ids.includes(id))).toEqual([]);
  });

  it('in English, exactly the server’s labels', () => {
    const words = formatWords('en');
    for (const { format, label } of supportedFormats()) expect(words[format]).toBe(label);
  });
});

import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './index';

// Every language holds exactly English's keys, so adding a language is adding a folder of files.
const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });
const PLURAL = /_(zero|one|two|few|many|other)$/;

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(PLURAL, '')];
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key));
}

function namespaces(language: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const [file, module] of Object.entries(files)) {
    const match = /^\.\/locales\/([^/]+)\/(.+)\.json$/.exec(file);
    if (match?.[1] === language) found.set(match[2]!, new Set(keysOf(module.default)));
  }
  return found;
}

describe('translations', () => {
  const english = namespaces('en');

  it('has English words for the app', () => {
    expect(english.has('common')).toBe(true);
  });

  for (const { value: language } of LANGUAGES.filter((l) => l.value !== 'en')) {
    it(`${language} has every English key and no other`, () => {
      const other = namespaces(language);
      expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [namespace, keys] of english) {
        const theirs = other.get(namespace) ?? new Set();
        const missing = [...keys].filter((k) => !theirs.has(k)).map((k) => `${namespace}:${k}`);
        const extra = [...theirs].filter((k) => !keys.has(k)).map((k) => `${namespace}:${k}`);
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      }
    });
  }

  it('never leaves a value empty', () => {
    for (const [file, module] of Object.entries(files)) {
      const empty = JSON.stringify(module.default).match(/"[^"]+":""/g) ?? [];
      expect({ file, empty }).toEqual({ file, empty: [] });
    }
  });
});

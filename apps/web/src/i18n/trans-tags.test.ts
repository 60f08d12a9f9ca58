import { describe, expect, it } from 'vitest';

// <Trans> reads a translation's tags with an HTML parser, which treats void elements (<link>, <img>, <input>…)
// as having no content: "<link>file import</link>" rendered an empty button and the words after it.
const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });
const VOID = /<(area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr)>/;

describe('translations', () => {
  it('never name a <Trans> tag after an HTML void element', () => {
    const found = Object.entries(files).flatMap(([file, module]) =>
      (JSON.stringify(module.default).match(new RegExp(VOID, 'g')) ?? []).map((tag) => `${file}: ${tag}`),
    );
    expect(found).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './download-export';

describe('filenameFromDisposition', () => {
  it.each([
    ['attachment; filename="healthfolio-export-2026-11-22.json"', 'healthfolio-export-2026-11-22.json'],
    ['attachment; filename=export.zip', 'export.zip'],
    ['attachment; filename="fallback.json"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.json', 'résumé.json'],
    ['attachment; filename="../../etc/passwd"', '.._.._etc_passwd'],
  ])('%s', (header, expected) => {
    expect(filenameFromDisposition(header)).toBe(expected);
  });

  it('is null without a header or a filename', () => {
    expect(filenameFromDisposition(undefined)).toBeNull();
    expect(filenameFromDisposition('attachment')).toBeNull();
  });
});

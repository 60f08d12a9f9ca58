import { describe, expect, it } from 'vitest';
import { formatBytes, liveCounts, problemPlace, readPercent, uploadText } from './import-text';
import { importJob } from './test-utils';

describe('import texts', () => {
  it('counts as the Dashboard does', () => {
    const job = importJob({ recordsRead: 12345, inserted: 12000, duplicates: 300, rejected: 45 });
    expect(liveCounts(job)).toBe('Records read 12,345 · Added 12,000 · Already there 300 · Rejected 45');
  });

  it('rounds the upload share to whole percent', () => {
    expect(uploadText('clarity.csv', 0.4249)).toBe('Uploading clarity.csv — 42 %');
  });

  it('reads progress from bytes, and 0 before the size is known', () => {
    expect(readPercent({ bytesRead: 512, bytesTotal: 2048 })).toBe(25);
    expect(readPercent({ bytesRead: 0, bytesTotal: 0 })).toBe(0);
  });

  it('names where a rejected record was', () => {
    expect(problemPlace({ file: 'export.xml', line: 12 })).toBe('export.xml, line 12');
    expect(problemPlace({ record: 3 })).toBe('record 3');
    expect(problemPlace({})).toBe('');
  });

  it('sizes files in binary units', () => {
    expect(formatBytes(8 * 1024 ** 3)).toBe('8 GB');
    expect(formatBytes(1536)).toBe('1.5 KB');
  });
});

import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importers } from './registry';

describe('the importer registry', () => {
  it('lists every importer folder once, and nothing else', () => {
    const root = import.meta.dirname;
    const folders = readdirSync(root).filter(
      (name) =>
        statSync(path.join(root, name)).isDirectory() &&
        readdirSync(path.join(root, name)).includes('index.ts'),
    );
    expect(importers.map((i) => i.format).sort()).toEqual(folders.sort());
    expect(new Set(importers.map((i) => i.format)).size).toBe(importers.length);
  });
});

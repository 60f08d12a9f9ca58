import fs from 'node:fs';
import path from 'node:path';
import { getSource } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { connectors } from './registry';

const folders = fs
  .readdirSync(import.meta.dirname, { withFileTypes: true })
  .filter((e) => e.isDirectory() && fs.existsSync(path.join(import.meta.dirname, e.name, 'index.ts')))
  .map((e) => e.name)
  .filter((name) => name !== 'shared');

describe('the connector registry', () => {
  it('lists every connector folder', () => {
    // One SMART on FHIR folder serves several kinds.
    const kinds = [...connectors.map((c) => c.manifest.kind.replace(/_/g, '-')), 'smart'];
    for (const folder of folders) expect(kinds, `${folder} is missing from registry.ts`).toContain(folder);
  });

  it('names catalogue sources, each once, with what the Sources page and the operator need', () => {
    const seen = new Set<string>();
    for (const { manifest } of connectors) {
      expect(getSource(manifest.kind), manifest.kind).toBeDefined();
      expect(seen.has(manifest.kind)).toBe(false);
      seen.add(manifest.kind);
      // Feeds the person configures (report builder) need no app registration.
      if (manifest.oauth || manifest.needsClient) expect(manifest.registerAppUrl).toMatch(/^https:\/\//);
      expect(manifest.docsUrl).toMatch(/^https:\/\//);
      expect(manifest.defaultDays).toBeLessThanOrEqual(manifest.backfillDays);
      expect(manifest.syncEveryMinutes).toBeGreaterThan(0);
    }
  });

  it('has a README per connector', () => {
    for (const folder of folders) {
      expect(fs.existsSync(path.join(import.meta.dirname, folder, 'README.md')), `${folder}/README.md`).toBe(
        true,
      );
    }
  });
});

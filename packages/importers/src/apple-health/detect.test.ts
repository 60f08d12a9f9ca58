import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { fileFromBuffer } from '../files/memory-file';
import { openUpload } from '../files/open-upload';
import { unaccounted } from '../shared/test-support';
import { fixture, readAll } from './test-helpers';
import { appleHealthImporter } from './index';

const CDA =
  '<?xml version="1.0" encoding="UTF-8"?>\n<ClinicalDocument xmlns="urn:hl7-org:v3">\n <title>Health Data Export</title>\n</ClinicalDocument>\n';
const GPX =
  '<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1">\n <trk><trkseg/></trk>\n</gpx>\n';
const ECG =
  'Name,Ada\nDate of Birth,"Dec 10, 1990"\nRecorded Date,2024-03-11 08:20:00 -0700\nClassification,Sinus Rhythm\n\n12.1\n';

async function zipUpload(entries: [string, Buffer | string][]) {
  const zip = new yazl.ZipFile();
  for (const [name, data] of entries) zip.addBuffer(Buffer.from(data), name);
  zip.end();
  const parts: Buffer[] = [];
  for await (const part of zip.outputStream) parts.push(part as Buffer);
  const path = join(mkdtempSync(join(tmpdir(), 'apple-health-')), 'export.zip');
  writeFileSync(path, Buffer.concat(parts));
  return openUpload(path, 'export.zip', statSync(path).size);
}

/** Every fixture file of the other importers (not their .ts builders). */
function otherFixtures(): { name: string; path: string }[] {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const found: { name: string; path: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!entry.name.endsWith('.ts')) found.push({ name: path.slice(root.length), path });
    }
  };
  for (const folder of readdirSync(root, { withFileTypes: true })) {
    if (!folder.isDirectory() || folder.name === 'apple-health') continue;
    const fixtures = join(root, folder.name, 'fixtures');
    if (statSync(fixtures, { throwIfNoEntry: false })?.isDirectory()) walk(fixtures);
  }
  return found;
}

describe('apple-health detect', () => {
  it('is sure of an export.xml by its content, whatever the upload is called', async () => {
    expect(await appleHealthImporter.detect([fileFromBuffer('export.xml', fixture('export.xml'))])).toBe(1);
    expect(await appleHealthImporter.detect([fileFromBuffer('upload.bin', fixture('export.xml'))])).toBe(1);
    const bare = '<?xml version="1.0" encoding="UTF-8"?>\n<HealthData locale="de_DE">\n</HealthData>\n';
    expect(await appleHealthImporter.detect([fileFromBuffer('x', bare)])).toBe(1);
  });

  it('answers 0 for the CDA, routes, ECGs, random bytes and other formats', async () => {
    const others = [
      fileFromBuffer('export_cda.xml', CDA),
      fileFromBuffer('route.gpx', GPX),
      fileFromBuffer('ecg.csv', ECG),
      fileFromBuffer('noise.bin', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))),
      fileFromBuffer('note.txt', 'HealthData is what this app gathers; <Health Data> is not a tag.'),
      fileFromBuffer('data.json', '{"HealthData": [{"type": "HKQuantityTypeIdentifierStepCount"}]}'),
    ];
    for (const file of others) expect(await appleHealthImporter.detect([file]), file.name).toBe(0);
    const fixtures = otherFixtures();
    for (const { name, path } of fixtures) {
      expect(await appleHealthImporter.detect([fileFromBuffer(name, readFileSync(path))]), name).toBe(0);
    }
  });

  it('finds apple_health_export/export.xml in export.zip beside the CDA, routes and ECGs, and reads it', async () => {
    const upload = await zipUpload([
      ['apple_health_export/export_cda.xml', CDA],
      ['apple_health_export/workout-routes/route_2023-11-05_8.32am.gpx', GPX],
      ['apple_health_export/electrocardiograms/ecg_2024-03-11.csv', ECG],
      ['apple_health_export/export.xml', fixture('export.xml')],
    ]);
    try {
      expect(await appleHealthImporter.detect(upload.files)).toBe(1);
      const fromZip = await readAll(upload.files);
      const plain = await readAll([fileFromBuffer('export.xml', fixture('export.xml'))]);
      expect(fromZip.error).toBeUndefined();
      expect(fromZip.samples).toEqual(plain.samples);
      expect(fromZip.issues).toEqual([]);
      expect(unaccounted(fromZip)).toBe(0);
    } finally {
      upload.close();
    }
  });

  it('finds the export by content under an older or localized name', async () => {
    const upload = await zipUpload([
      ['Export/export_cda.xml', CDA],
      ['Export/exportar.xml', fixture('export.xml')],
    ]);
    try {
      expect(await appleHealthImporter.detect(upload.files)).toBe(1);
      const out = await readAll(upload.files);
      expect(out.samples).toHaveLength(47);
      expect(unaccounted(out)).toBe(0);
    } finally {
      upload.close();
    }
  });

  it('finds the export under the names localized Health apps give it, beside the CDA', async () => {
    // Chinese, Norwegian, Finnish and Spanish phones: the export_cda.xml beside it keeps its name.
    for (const name of ['导出.xml', 'eksport.xml', 'vienti.xml', 'exportar.xml']) {
      const upload = await zipUpload([
        ['apple_health_export/export_cda.xml', CDA],
        [`apple_health_export/${name}`, fixture('export-ios8.xml')],
      ]);
      try {
        expect(await appleHealthImporter.detect(upload.files), name).toBe(1);
        const out = await readAll(upload.files);
        expect(out.samples, name).toHaveLength(8);
        expect(unaccounted(out)).toBe(0);
      } finally {
        upload.close();
      }
    }
  });

  it('answers 0 for a zip without export.xml, and read refuses it', async () => {
    const upload = await zipUpload([
      ['apple_health_export/export_cda.xml', CDA],
      ['apple_health_export/workout-routes/route.gpx', GPX],
    ]);
    try {
      expect(await appleHealthImporter.detect(upload.files)).toBe(0);
      expect((await readAll(upload.files)).error).toMatchObject({ name: 'ImportFormatError' });
    } finally {
      upload.close();
    }
  });
});

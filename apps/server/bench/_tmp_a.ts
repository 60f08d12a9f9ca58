import fs from 'node:fs';
import { getImporter, openUpload } from '@healthfolio/importers';
import { readInWorker } from '../src/modules/imports/worker-source';
const file = process.argv[2]!;
const size = fs.statSync(file).size;
let t = performance.now();
let n = 0;
const up = await openUpload(file, 'export.xml', size);
for await (const c of getImporter('apple-health')!.read(up.files, {
  owner: { name: 'a', email: 'b' },
  timeZone: 'UTC',
}))
  n += c.samples.length;
console.log('in-thread', n, ((performance.now() - t) / 1000).toFixed(2), 's');
t = performance.now();
n = 0;
for await (const c of readInWorker({
  importer: getImporter('apple-health')!,
  path: file,
  fileName: 'export.xml',
  size,
  context: { owner: { name: 'a', email: 'b' }, timeZone: 'UTC' },
}))
  n += c.chunk.samples.length;
console.log('worker', n, ((performance.now() - t) / 1000).toFixed(2), 's');

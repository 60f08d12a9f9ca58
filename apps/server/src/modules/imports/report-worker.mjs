// Entry of the report-reading worker. pdf.js is loaded before tsx registers its hooks, so its large
// prebuilt modules load natively instead of through tsx's transform (seconds instead of milliseconds).
// It is resolved from the importers package, whose dependency it is.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const fromImporters = createRequire(import.meta.resolve('@healthfolio/importers'));
for (const entry of ['pdfjs-dist/legacy/build/pdf.worker.mjs', 'pdfjs-dist/legacy/build/pdf.mjs']) {
  await import(pathToFileURL(fromImporters.resolve(entry)).href);
}
register();
await import('./report-worker.ts');

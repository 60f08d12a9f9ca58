import type { ImportJob } from '@healthfolio/core';
import type { TestApp } from '../app';
import { multipart } from '../imports/helpers';

export { questReport } from '../../../../packages/importers/src/pdf-report/test-support/quest-report';
export { labcorpReport } from '../../../../packages/importers/src/pdf-report/test-support/labcorp-report';
export { genericReport } from '../../../../packages/importers/src/pdf-report/test-support/generic-report';
export { bodyspecReport } from '../../../../packages/importers/src/pdf-report/test-support/bodyspec-report';
export * as badPdfs from '../../../../packages/importers/src/pdf-report/test-support/bad-pdfs';

type Auth = Record<string, string>;

/** Posts a file to an upload endpoint (POST /api/imports by default). */
export async function uploadTo(
  t: TestApp,
  auth: Auth,
  url: string,
  fileName: string,
  content: Buffer,
  fields: Record<string, string> = {},
) {
  const body = multipart(fileName, content, fields);
  return t.app.inject({ method: 'POST', url, headers: { ...auth, ...body.headers }, payload: body.payload });
}

export async function getImport(t: TestApp, auth: Auth, id: string): Promise<ImportJob> {
  const res = await t.app.inject({ method: 'GET', url: `/api/imports/${id}`, headers: auth });
  if (res.statusCode !== 200) throw new Error(`GET import answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { data: ImportJob }).data;
}

/** Uploads a report, waits for it to be read, and answers the import (needs_review, or failed). */
export async function readReport(
  t: TestApp,
  auth: Auth,
  content: Buffer,
  url = '/api/imports',
  fileName = 'report.pdf',
  fields: Record<string, string> = {},
): Promise<ImportJob> {
  const res = await uploadTo(t, auth, url, fileName, content, fields);
  if (res.statusCode !== 202) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
  await t.importRunner.idle();
  return getImport(t, auth, (res.json() as { data: ImportJob }).data.id);
}

export async function confirm(t: TestApp, auth: Auth, id: string, payload: object = {}) {
  return t.app.inject({ method: 'POST', url: `/api/imports/${id}/confirm`, headers: auth, payload });
}

export async function series(t: TestApp, auth: Auth, type: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/metrics?type=${type}&from=2020-01-01&to=2030-01-01&bucket=raw`,
    headers: auth,
  });
  return (res.json() as { data: { unit: string; items: Record<string, unknown>[] } }).data;
}

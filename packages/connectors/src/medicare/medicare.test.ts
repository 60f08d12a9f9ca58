import { describe, expect, it } from 'vitest';
import { ReauthRequired } from '../errors';
import type { ProviderHttp, RawPage } from '../types';
import { sync } from './client';

/** The sandbox beneficiary's id (packages/sandbox, medicare/fake-beneficiary.ts). */
const PATIENT_ID = '-20140000010042';
const FROM = Date.parse('2016-01-01T00:00:00Z');
const TO = Date.parse('2026-11-22T12:00:00Z');

/** Blue Button as the sync sees it: a Patient, one Coverage page, EOBs in pages linked by `next`. */
function stub(calls: string[]): ProviderHttp {
  const bundle = (entries: unknown[], next?: string) => ({
    resourceType: 'Bundle',
    type: 'searchset',
    total: entries.length,
    link: [{ relation: 'self', url: 'x' }, ...(next ? [{ relation: 'next', url: next }] : [])],
    entry: entries.map((resource) => ({ resource })),
  });
  const http = {
    get: async <T>(path: string, query?: Record<string, string | number | undefined>) => {
      const q = query ? `?${new URLSearchParams(query as Record<string, string>).toString()}` : '';
      calls.push(`${path}${q}`);
      if (path.startsWith('/v2/fhir/Patient/')) return { resourceType: 'Patient', id: PATIENT_ID } as T;
      if (path === '/v2/fhir/Coverage/') return bundle([]) as T;
      if (path === '/v2/fhir/ExplanationOfBenefit/')
        return bundle([], 'https://bb.test/v2/fhir/ExplanationOfBenefit/?startIndex=50') as T;
      if (path.endsWith('startIndex=50'))
        return bundle([], 'https://bb.test/v2/fhir/ExplanationOfBenefit/?startIndex=100') as T;
      return bundle([]) as T;
    },
    post: async () => {
      throw new Error('no POST');
    },
  };
  return http;
}

async function run(cursor: string | null, extra: Record<string, string> = { patient: PATIENT_ID }) {
  const calls: string[] = [];
  const pages: RawPage[] = [];
  for await (const page of sync({
    http: stub(calls),
    from: FROM,
    to: TO,
    cursor,
    timeZone: 'UTC',
    signal: new AbortController().signal,
    extra,
  })) {
    pages.push(page);
  }
  return { calls, pages };
}

describe('Medicare sync', () => {
  it('reads Patient, Coverage and every claim page by its next link, asking for what changed since the window', async () => {
    const { calls, pages } = await run(null);
    const since = encodeURIComponent(`ge${new Date(FROM).toISOString()}`);
    expect(calls).toEqual([
      `/v2/fhir/Patient/${PATIENT_ID}`,
      `/v2/fhir/Coverage/?beneficiary=${PATIENT_ID}&_lastUpdated=${since}`,
      `/v2/fhir/ExplanationOfBenefit/?patient=${PATIENT_ID}&_count=50&_lastUpdated=${since}`,
      'https://bb.test/v2/fhir/ExplanationOfBenefit/?startIndex=50',
      'https://bb.test/v2/fhir/ExplanationOfBenefit/?startIndex=100',
    ]);
    expect(pages.map((p) => p.resource)).toEqual([
      'Patient',
      'Coverage',
      'ExplanationOfBenefit',
      'ExplanationOfBenefit',
      'ExplanationOfBenefit',
    ]);
    expect(pages.map((p) => p.cursor && JSON.parse(p.cursor))).toEqual([
      { r: 1, next: null },
      { r: 2, next: null },
      { r: 2, next: 'https://bb.test/v2/fhir/ExplanationOfBenefit/?startIndex=50' },
      { r: 2, next: 'https://bb.test/v2/fhir/ExplanationOfBenefit/?startIndex=100' },
      null,
    ]);
  });

  it('resumes at the saved next link', async () => {
    const cursor = JSON.stringify({
      r: 2,
      next: 'https://bb.test/v2/fhir/ExplanationOfBenefit/?startIndex=50',
    });
    const { calls, pages } = await run(cursor);
    expect(calls).toEqual([
      'https://bb.test/v2/fhir/ExplanationOfBenefit/?startIndex=50',
      'https://bb.test/v2/fhir/ExplanationOfBenefit/?startIndex=100',
    ]);
    expect(pages.at(-1)!.cursor).toBeNull();
  });

  it('asks to connect again when the token answer named no beneficiary', async () => {
    await expect(run(null, {})).rejects.toBeInstanceOf(ReauthRequired);
  });
});

import { describe, expect, it } from 'vitest';
import { runInsights } from '../engine';
import { ada } from '../test-support/personas';
import type { Finding } from '../types';

// English words no Spanish or German sentence of the engine should carry (proper names and units aside).
const ENGLISH = /\b(the|your|with|over|days|about|than|rather|usually|talk|consider)\b/i;

function text(finding: Finding): string[] {
  return [finding.title, finding.description, finding.evidence ?? '', ...finding.recommendations];
}

describe('the engine in the person’s language', () => {
  const english = runInsights(ada());

  it.each(['es', 'de'] as const)('tells every finding in %s, with the same keys and figures', (language) => {
    const told = runInsights({ ...ada(), language });
    expect(told.map((f) => f.key)).toEqual(english.map((f) => f.key));
    expect(told.map((f) => f.values)).toEqual(english.map((f) => f.values));
    const left = told.flatMap((finding) =>
      text(finding)
        .filter((line) => ENGLISH.test(line))
        .map((line) => `${finding.key}: ${line}`),
    );
    expect(left).toEqual([]);
  });

  it('formats numbers and days the way each language writes them', () => {
    const trend = (language?: string) =>
      runInsights({ ...ada(), ...(language ? { language } : {}) }).find(
        (f) => f.key === 'trend:resting_heart_rate:up',
      )!;
    expect(trend().title).toMatch(/^Resting heart rate up \d+ bpm over \d+ days$/);
    expect(trend('es').title).toMatch(/^Frecuencia cardiaca en reposo: sube \d+ bpm en \d+ días$/);
    expect(trend('de').title).toMatch(/^Ruheherzfrequenz: plus \d+ bpm in \d+ Tagen$/);
    expect(trend('de').evidence).toMatch(/95-%-Intervall −?\d+,\d+ bis/);
  });

  it('reads an unknown language as English', () => {
    expect(runInsights({ ...ada(), language: 'xx' })).toEqual(english);
  });
});

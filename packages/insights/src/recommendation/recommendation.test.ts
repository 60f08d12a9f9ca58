import { describe, expect, it } from 'vitest';
import type { Finding, LabResult } from '../types';
import { engineInput } from '../test-support/input';
import { logNormal, mulberry32, normal } from '../test-support/random';
import { TODAY, series } from '../test-support/series';
import { recommendationRule } from './index';

const NEVER =
  /you have (diabetes|hypertension|high blood pressure|heart disease|kidney disease|a disease)|diagnos(is|ed) (of|with)/i;

function expectCautious(finding: Finding) {
  expect(finding.type).toBe('recommendation');
  expect(finding.relatedMetrics.length).toBeGreaterThan(0);
  expect(finding.recommendations.length).toBeGreaterThan(0);
  for (const text of [finding.title, finding.description, ...finding.recommendations])
    expect(text).not.toMatch(NEVER);
  expect(
    finding.recommendations.some((text) =>
      /^(Consider|Talk with|Contact|Bring|Ask|Measure|Less|A |If |Your |Keep|Kidney)/.test(text),
    ),
  ).toBe(true);
}

describe('recommendation rule', () => {
  it('advises on short sleep and low steps over 14 days, citing the guidance', () => {
    const random = mulberry32(1);
    const findings = recommendationRule(
      engineInput({
        series: [
          series('sleep_duration', 20, () => normal(random, 6.2, 0.4)),
          series('steps', 20, () => logNormal(random, 3500, 0.2)),
        ],
      }),
    );
    expect(findings.map((f) => f.key)).toEqual([
      'recommendation:sleep_duration:below_7h',
      'recommendation:steps:below_5000',
    ]);
    findings.forEach(expectCautious);
    expect(findings[0]!.description).toContain('at least 7 hours');
    expect(findings[0]!.title).toMatch(/^Average sleep 6 h \d+ min over the last 14 nights$/);
    expect(findings[1]!.relatedMetrics).toEqual(['steps']);
  });

  it('says nothing when sleep and steps are fine, or when there are too few days', () => {
    const fine = [series('sleep_duration', 14, () => 7.5), series('steps', 14, () => 9000)];
    expect(recommendationRule(engineInput({ series: fine }))).toEqual([]);
    const few = [series('sleep_duration', 9, () => 5), series('steps', 9, () => 2000)];
    expect(recommendationRule(engineInput({ series: few }))).toEqual([]);
  });

  it('advises on too little exercise and on high blood pressure', () => {
    const findings = recommendationRule(
      engineInput({
        series: [
          series('exercise_minutes', 28, (i) => (i % 7 === 0 ? 40 : 0)),
          series('blood_pressure_systolic', 14, () => 142),
          series('blood_pressure_diastolic', 14, () => 88),
        ],
      }),
    );
    expect(findings.map((f) => [f.key, f.severity])).toEqual([
      ['recommendation:exercise_minutes:below_150', 'info'],
      ['recommendation:blood_pressure:high_average', 'warning'],
    ]);
    findings.forEach(expectCautious);
  });

  it('turns a rising resting heart rate into advice', () => {
    const random = mulberry32(3);
    const hr = series(
      'resting_heart_rate',
      60,
      (i) => 58 + Math.max(0, i - 29) * 0.25 + normal(random, 0, 1.2),
    );
    const [finding] = recommendationRule(engineInput({ series: [hr] }));
    expect(finding?.key).toBe('recommendation:resting_heart_rate:rising');
    expectCautious(finding!);
  });

  it('sends out-of-range labs to the clinician, with topic advice', () => {
    const labs: LabResult[] = [
      { metric: 'ldl_cholesterol', name: 'LDL-Cholesterol', day: TODAY - 10, value: 162, unit: 'mg/dL' },
      { metric: 'hemoglobin_a1c', name: 'HbA1c', day: TODAY - 10, value: 5.4, unit: '%' },
    ];
    const [finding] = recommendationRule(engineInput({ labs }));
    expect(finding).toMatchObject({
      key: 'recommendation:labs:talk_to_clinician',
      severity: 'warning',
      relatedMetrics: ['ldl_cholesterol'],
      title: 'Talk with your clinician about a lab result outside the reference range',
    });
    expectCautious(finding!);
    expect(finding!.recommendations.join(' ')).toMatch(/cholesterol/);
    expect(finding!.description).toMatch(/not a diagnosis/);
  });

  it('gives nothing for an empty input', () => {
    expect(recommendationRule(engineInput())).toEqual([]);
  });
});

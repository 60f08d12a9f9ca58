import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { insightSeriesSchema, insightSeverities, insightTypes } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import type { Finding } from './types';
import { runInsights, runRules } from './engine';
import { rules } from './rules';
import { engineInput } from './test-support/input';
import { ada } from './test-support/personas';
import { series } from './test-support/series';

/** Folders under src/ that hold shared code, not rules. */
const SUPPORT_FOLDERS = [
  'glucose',
  'goals',
  'health-score',
  'report',
  'shared',
  'stats',
  'test-support',
  'words',
];

function expectWellFormed(finding: Finding) {
  expect(insightTypes).toContain(finding.type);
  expect(insightSeverities).toContain(finding.severity);
  expect(finding.key).toMatch(/^[a-z_]+:[a-z0-9_:.-]+$/);
  expect(finding.key).not.toMatch(/\d+\.\d+/); // names the finding, not its figures
  expect(finding.title.length).toBeGreaterThan(10);
  expect(finding.relatedMetrics.length).toBeGreaterThan(0);
  expect(finding.window.from).toBeLessThanOrEqual(finding.window.to);
  for (const value of Object.values(finding.values)) {
    if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
  }
  for (const item of finding.series) {
    expect(insightSeriesSchema.safeParse(item).success).toBe(true);
    expect(item.points.length).toBeLessThanOrEqual(120);
  }
  expect(`${finding.title} ${finding.description}`).not.toMatch(/NaN|undefined|Infinity|null/);
}

describe('the rule list', () => {
  it('lists every rule folder under src/', () => {
    const folders = readdirSync(fileURLToPath(new URL('.', import.meta.url)), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !SUPPORT_FOLDERS.includes(entry.name))
      .map((entry) => entry.name)
      .sort();
    expect(rules.map((entry) => entry.folder).sort()).toEqual(folders);
  });
});

describe('runInsights', () => {
  it('runs every rule over five years of 20 daily metrics, labs, goals and CGM', () => {
    const input = ada();
    const findings = runInsights(input);
    findings.forEach(expectWellFormed);
    const keys = findings.map((finding) => finding.key);
    expect(new Set(keys).size).toBe(keys.length);
    // Ada's planted facts: resting heart rate up over the last month; exercise costs sleep the next night.
    expect(keys).toContain('trend:resting_heart_rate:up');
    expect(keys).toContain('correlation:exercise_minutes:sleep_duration');
    expect(keys).toContain('goal_progress:ada-steps');
    expect(keys).toContain('goal_progress:ada-weight');
    const types = new Set(findings.map((finding) => finding.type));
    expect([...types].sort()).toEqual([...insightTypes].sort());
    // Most severe first.
    const ranks = findings.map((finding) => ['critical', 'warning', 'info'].indexOf(finding.severity));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('is deterministic: the same input gives the same findings', () => {
    expect(runInsights(ada(7))).toEqual(runInsights(ada(7)));
  });

  it('gives no findings on thin data and never throws', () => {
    const thin = [
      engineInput(),
      engineInput({
        series: [series('steps', 3, () => 8000), series('resting_heart_rate', 3, (i) => 60 + i)],
      }),
      engineInput({
        series: [series('resting_heart_rate', 200, () => 60), series('sleep_duration', 200, () => 7.5)],
      }),
      engineInput({
        series: [series('weight', 200, () => Number.NaN), series('steps', 200, () => Infinity)],
      }),
      engineInput({
        labs: [{ metric: 'ldl_cholesterol', name: 'LDL', day: 0, value: Number.NaN, unit: 'mg/dL' }],
      }),
      engineInput({ glucoseReadings: [80, 90, 100] }),
      { ...engineInput(), today: Number.NaN },
    ];
    for (const input of thin) expect(runInsights(input)).toEqual([]);
  });

  it('keeps going when one rule throws, and reports it', () => {
    const errors: string[] = [];
    const findings = runRules(
      engineInput({ series: [series('sleep_duration', 14, () => 6)] }),
      [
        {
          folder: 'broken',
          rule: () => {
            throw new Error('boom');
          },
        },
        ...rules,
      ],
      { onRuleError: (folder) => errors.push(folder) },
    );
    expect(errors).toEqual(['broken']);
    expect(findings.map((finding) => finding.key)).toEqual(['recommendation:sleep_duration:below_7h']);
  });

  it('keeps the first finding of a key and drops figures that are not finite', () => {
    const finding: Finding = {
      key: 'trend:steps:up',
      type: 'trend',
      severity: 'info',
      title: 'Steps up 1,000 over 30 days',
      description: 'x',
      actionable: false,
      recommendations: [],
      relatedMetrics: ['steps'],
      window: { from: 1, to: 2 },
      values: { slope: Number.NaN, n: 20 },
      series: [
        {
          metric: 'steps',
          unit: '{count}',
          points: [{ day: '2026-01-01', value: Infinity }],
          band: { low: Number.NaN, high: 2, label: 'b' },
        },
      ],
    };
    const [only, ...rest] = runRules(engineInput(), [
      { folder: 'a', rule: () => [finding] },
      { folder: 'b', rule: () => [{ ...finding, title: 'second' }] },
    ]);
    expect(rest).toEqual([]);
    expect(only!.values).toEqual({ n: 20 });
    expect(only!.series[0]!.points).toEqual([]);
    expect(only!.series[0]!.band).toEqual({ low: null, high: 2, label: 'b' });
  });
});

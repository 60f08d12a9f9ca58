import {
  clinicalCategories,
  getMetric,
  insightSeverities,
  insightTypes,
  metricsQuerySchema,
  type ClinicalRecord,
} from '@healthfolio/core';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { answer, dateIn, unitsFor, type McpCaller, type McpServices } from './mcp-context';
import type { Audited } from './mcp.server';

const limit = (max: number, fallback: number) =>
  z.number().int().min(1).max(max).default(fallback).describe(`At most this many items (≤ ${max})`);
const YEARS_OF_LABS = 20;

const labResultSchema = z.object({
  test: z.string(),
  label: z.string(),
  value: z.number(),
  valueText: z.string().optional(),
  unit: z.string(),
  at: z.string(),
  flag: z.string().nullable().describe('low, high, normal… as the lab or the reference range says'),
  referenceRange: z
    .object({ low: z.number().optional(), high: z.number().optional(), text: z.string().optional() })
    .nullable(),
  source: z.string(),
});

const matches = (text: string, ...fields: (string | undefined)[]) => {
  const needle = text.trim().toLowerCase();
  return fields.some(
    (f) => f !== undefined && f.toLowerCase().replace(/_/g, ' ').includes(needle.replace(/_/g, ' ')),
  );
};

const record = (r: ClinicalRecord) => ({
  category: r.category,
  name: r.display,
  status: r.status,
  recordedAt: r.recordedAt,
  source: r.source,
});

export function registerRecordsTools(server: McpServer, s: McpServices, caller: McpCaller, tool: Audited) {
  const userId = caller.identity.userId;

  /** Lab kinds the person has results for, optionally those whose name matches. */
  const labKinds = async (test?: string) => {
    const summary = await s.summary.summary(userId, caller.tz);
    return summary.items.filter((item) => {
      if (item.category !== 'labs') return false;
      const metric = getMetric(item.type);
      return (
        test === undefined || matches(test, item.type, item.label, ...(metric?.aliases ?? []), metric?.loinc)
      );
    });
  };

  const labResults = async (kind: string, from: string, to: string, max: number) => {
    const query = metricsQuerySchema.parse({ type: kind, from, to, bucket: 'raw', limit: 1000 });
    const series = await s.series.query(userId, query, caller.tz);
    if (series.bucket !== 'raw') return [];
    const metric = getMetric(kind);
    const u = unitsFor(kind, 'metric');
    const fallback = metric?.referenceRange;
    return series.items.slice(-max).map((item) => ({
      test: kind,
      label: metric?.label ?? kind,
      value: u.value(item.value),
      ...(item.valueText ? { valueText: item.valueText } : {}),
      unit: u.unit,
      at: item.start,
      flag: item.flag,
      referenceRange:
        item.referenceRange ??
        (fallback
          ? {
              ...(fallback.low !== undefined ? { low: u.value(fallback.low) } : {}),
              ...(fallback.high !== undefined ? { high: u.value(fallback.high) } : {}),
              text: `reference (${fallback.source})`,
            }
          : null),
      source: item.source,
    }));
  };

  {
    tool(
      'get_labs',
      {
        title: 'Lab results',
        description:
          'Lab results (blood tests and the like) with units, the reference range and whether each is flagged low or high; newest last. Filter by test name (e.g. "LDL", "HbA1c") and dates.',
        inputSchema: {
          test: z.string().max(100).optional(),
          from: z.iso.date().optional(),
          to: z.iso.date().optional(),
          limit: limit(200, 50),
        },
        outputSchema: { results: z.array(labResultSchema), truncated: z.boolean() },
      },
      async (input) => {
        const to = input.to ?? dateIn(caller.tz, s.now());
        const from = input.from ?? `${Number(to.slice(0, 4)) - YEARS_OF_LABS}${to.slice(4)}`;
        const results = [];
        for (const kind of await labKinds(input.test)) {
          results.push(...(await labResults(kind.type, from, to, input.limit)));
        }
        results.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
        return answer({ results: results.slice(-input.limit), truncated: results.length > input.limit });
      },
    );
  }

  tool(
    'get_clinical_summary',
    {
      title: 'Clinical summary',
      description:
        'The clinical record in brief: how many conditions, medications, allergies, immunizations, procedures and encounters, and the most recent of each.',
      inputSchema: { perCategory: limit(50, 10) },
      outputSchema: {
        total: z.number().int(),
        categories: z.array(
          z.object({
            category: z.string(),
            count: z.number().int(),
            recent: z.array(
              z.object({
                category: z.string(),
                name: z.string(),
                status: z.string().nullable(),
                recordedAt: z.string().nullable(),
                source: z.string(),
              }),
            ),
          }),
        ),
      },
    },
    async ({ perCategory }) => {
      const summary = await s.clinical.summary(userId);
      const categories = [];
      for (const category of clinicalCategories) {
        const count = summary.categories[category];
        if (count === 0) continue;
        const page = await s.clinical.list(userId, { category, limit: perCategory });
        categories.push({ category, count, recent: page.items.map(record) });
      }
      return answer({ total: summary.total, categories });
    },
  );

  tool(
    'get_insights',
    {
      title: 'Insights',
      description:
        "Findings computed from the person's own data (trends, anomalies against their baseline, correlations, predictions, recommendations), with the metrics and days each rests on.",
      inputSchema: {
        type: z.enum([...insightTypes, 'all']).default('all'),
        severity: z.enum([...insightSeverities, 'all']).default('all'),
        limit: limit(100, 20),
      },
      outputSchema: {
        insights: z.array(
          z.object({
            type: z.string(),
            severity: z.string(),
            title: z.string(),
            description: z.string(),
            evidence: z.string(),
            recommendations: z.array(z.string()),
            metrics: z.array(z.string()),
            window: z.object({ from: z.string(), to: z.string() }),
            updatedAt: z.string(),
          }),
        ),
      },
    },
    async (input) => {
      const items = await s.insights.list(userId, { type: input.type, severity: input.severity });
      const insights = items.slice(0, input.limit).map((i) => ({
        type: i.type,
        severity: i.severity,
        title: i.title,
        description: i.description,
        evidence: i.evidence,
        recommendations: i.recommendations,
        metrics: i.relatedMetrics,
        window: i.window,
        updatedAt: i.updatedAt,
      }));
      return answer({ insights });
    },
  );

  tool(
    'get_goals',
    {
      title: 'Goals',
      description:
        "The person's goals with the target, this period's value, percent done, streaks and whether it is met.",
      inputSchema: { limit: limit(100, 50) },
      outputSchema: {
        goals: z.array(
          z.object({
            title: z.string(),
            metric: z.string(),
            target: z.number(),
            unit: z.string(),
            direction: z.string(),
            period: z.string(),
            deadline: z.string().nullable(),
            current: z.number().nullable(),
            percent: z.number(),
            met: z.boolean(),
            streak: z.number().int(),
            bestStreak: z.number().int(),
          }),
        ),
      },
    },
    async ({ limit: max }) => {
      const goals = (await s.goals.list(userId)).slice(0, max).map((g) => {
        const u = unitsFor(g.metric, caller.units);
        return {
          title: g.title,
          metric: g.metric,
          target: u.value(g.target),
          unit: u.unit,
          direction: g.direction,
          period: g.period,
          deadline: g.deadline,
          current: g.progress.current === null ? null : u.value(g.progress.current),
          percent: g.progress.percent,
          met: g.progress.met,
          streak: g.progress.streak,
          bestStreak: g.progress.bestStreak,
        };
      });
      return answer({ goals });
    },
  );

  tool(
    'search_records',
    {
      title: 'Search records',
      description: 'Finds lab tests, conditions, medications and allergies whose name contains the text.',
      inputSchema: { text: z.string().trim().min(2).max(100), limit: limit(100, 20) },
      outputSchema: {
        matches: z.array(
          z.object({
            kind: z.enum(['lab', 'condition', 'medication', 'allergy']),
            name: z.string(),
            detail: z.string().describe('The latest lab value with its unit, or the record status and date'),
          }),
        ),
      },
    },
    async ({ text, limit: max }) => {
      const found: { kind: 'lab' | 'condition' | 'medication' | 'allergy'; name: string; detail: string }[] =
        [];
      for (const lab of await labKinds(text)) {
        const u = unitsFor(lab.type, 'metric');
        const value = `${u.value(lab.latest.value)}${u.unit ? ` ${u.unit}` : ''}`;
        found.push({
          kind: 'lab',
          name: `${lab.label} (${lab.type})`,
          detail: `latest ${value} on ${lab.latest.start}`,
        });
      }
      for (const category of ['condition', 'medication', 'allergy'] as const) {
        let cursor: string | undefined;
        do {
          const page = await s.clinical.list(userId, { category, limit: 200, ...(cursor ? { cursor } : {}) });
          for (const r of page.items) {
            if (!matches(text, r.display)) continue;
            const when = r.recordedAt ? ` since ${r.recordedAt.slice(0, 10)}` : '';
            found.push({ kind: category, name: r.display, detail: `${r.status ?? 'status unknown'}${when}` });
          }
          cursor = page.nextCursor ?? undefined;
        } while (cursor && found.length < max);
      }
      return answer({ matches: found.slice(0, max) });
    },
  );
}

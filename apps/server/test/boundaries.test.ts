import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The boundary rules of eslint.config.js (issue 26), tested as the repository configures them: ESLint lints
 * small sources given paths inside apps/server/src, and a deliberate violation must be reported.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const MODULES = path.join(ROOT, 'apps/server/src/modules');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The messages of one rule for `code` as if it were the file `file` (relative to the repository). */
async function reported(rule: string, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === `healthfolio/${rule}`).map((m) => m.message);
}

describe('module doors', () => {
  const doors = (file: string, code: string) => reported('module-doors', file, code);

  it("reports a module importing another module's file", async () => {
    const messages = await doors(
      'apps/server/src/modules/goals/example.ts',
      "import { SampleStore } from '../metrics/samples.store';\nexport const store = SampleStore;\n",
    );
    expect(messages).toEqual([
      "'../metrics/samples.store' reaches into modules/metrics's files: import from its door, '../metrics' (its index.ts).",
    ]);
  });

  it('reports type imports, re-exports, dynamic imports and import types alike', async () => {
    const messages = await doors(
      'apps/server/src/modules/webhooks/example.ts',
      [
        "import type { TokenVault } from '../sources/token-vault';",
        "export { refreshTokens } from '../sources/oauth';",
        "export * from '../sources/endpoints';",
        "export const load = () => import('../sources/replay');",
        "export type Http = typeof import('../sources/provider-http');",
        'export type Vault = TokenVault;',
      ].join('\n'),
    );
    expect(messages).toHaveLength(5);
  });

  it('reports files outside the modules reaching in, and a module reaching up into the jobs', async () => {
    expect(
      await doors(
        'apps/server/src/cli/example.ts',
        "export { createBackup } from '../modules/backup/backup';\n",
      ),
    ).toHaveLength(1);
    expect(
      await doors(
        'apps/server/src/modules/insights/example.ts',
        "export type { InsightJobs } from '../../jobs/insight-jobs';\n",
      ),
    ).toHaveLength(1);
  });

  it("allows doors, a module's own files, the foundations and the declared extra door", async () => {
    const code = [
      "export { SampleStore } from '../metrics';",
      "export { SamplesQuery } from '../metrics/index';",
      "export type { JobQueue } from '../../jobs';",
      "export type { GoalsRepository } from './goals.repository';",
      "export { AppError } from '../../http/errors';",
      "export type { Db } from '../../db/database';",
      "export { BatchPreparer } from '../metrics/prepared-batch';",
    ].join('\n');
    expect(await doors('apps/server/src/modules/goals/example.ts', code)).toEqual([]);
  });

  it('leaves the composition root (app.ts) and tests to wire and probe module files', async () => {
    const code = "export { goalsRoutes } from './modules/goals/goals.routes';\n";
    expect(await doors('apps/server/src/app.ts', code)).toEqual([]);
    expect(
      await doors('apps/server/src/modules/goals/example.test.ts', "export * from '../metrics/time';\n"),
    ).toEqual([]);
  });

  it('every module has its door, an index.ts opening with a comment on what it offers', () => {
    for (const name of fs.readdirSync(MODULES)) {
      const index = path.join(MODULES, name, 'index.ts');
      expect(fs.existsSync(index), `modules/${name}/index.ts`).toBe(true);
      expect(fs.readFileSync(index, 'utf8'), `modules/${name}/index.ts`).toMatch(/^\/\/ \S/);
    }
  });
});

describe('samples and daily_rollups only in modules/metrics', () => {
  const tables = (file: string, code: string) => reported('metrics-tables', file, code);
  const queries = [
    'declare const db: any, sql: any, id: string;',
    "export const a = db.selectFrom('samples').selectAll();",
    "export const b = db.insertInto('daily_rollups').values({});",
    "export const c = db.deleteFrom('samples as s').where('s.id', '=', id);",
    "export const d = db.updateTable('daily_rollups').set({});",
    "export const e = db.selectFrom('goals').innerJoin('samples', 'samples.id', 'goals.id');",
    'export const f = sql`select count(*) from daily_rollups where user_id = ${id}`;',
    "export const g = sql.table('samples');",
  ].join('\n');

  it('reports SQL on either table outside modules/metrics', async () => {
    const messages = await tables('apps/server/src/modules/goals/example.ts', queries);
    expect(messages).toHaveLength(7);
    expect(messages[0]).toBe(
      "SQL on 'samples' outside modules/metrics: ask the metrics module (its index.ts) for what you need.",
    );
  });

  it("allows other tables, the word in plain strings, and metrics' own SQL and the migrations", async () => {
    const other = [
      'declare const db: any, sql: any;',
      "export const a = db.selectFrom('goals').selectAll();",
      'export const b = sql`select * from sample_sets`;',
      "export const section = { name: 'samples' };",
    ].join('\n');
    expect(await tables('apps/server/src/modules/goals/example.ts', other)).toEqual([]);
    expect(await tables('apps/server/src/modules/metrics/example.ts', queries)).toEqual([]);
    expect(await tables('apps/server/src/db/migrations/202701010000-example.ts', queries)).toEqual([]);
  });
});

describe("modules/metrics's door reads through SamplesQuery alone", () => {
  const DOOR = 'apps/server/src/modules/metrics/index.ts';
  const door = (code: string) => reported('metrics-read-door', DOOR, code);

  it('reports a read repository leaving through the door, by any name or as a whole file', async () => {
    const messages = await door(
      [
        "export { SourceReadingsRepository } from './source-readings.repository';",
        "export type { InsightDataRepository as InsightData } from './insight-data.repository';",
        "export * from './report-readings.repository';",
        'export class ExtraRepository {}',
      ].join('\n'),
    );
    expect(messages).toEqual([
      "The metrics door exports 'SourceReadingsRepository': other modules read samples and daily rollups through SamplesQuery; its repositories stay inside modules/metrics.",
      "The metrics door exports 'InsightDataRepository': other modules read samples and daily rollups through SamplesQuery; its repositories stay inside modules/metrics.",
      "The metrics door exports all of './report-readings.repository': name what it offers, so no repository leaves through it.",
      "The metrics door exports 'ExtraRepository': other modules read samples and daily rollups through SamplesQuery; its repositories stay inside modules/metrics.",
    ]);
  });

  it('holds for the door as it is, which offers SamplesQuery', async () => {
    const code = fs.readFileSync(path.join(ROOT, DOOR), 'utf8');
    expect(await door(code)).toEqual([]);
    const exported = await import('../src/modules/metrics');
    expect(exported.SamplesQuery).toBeTypeOf('function');
    expect(Object.keys(exported).filter((name) => name.endsWith('Repository'))).toEqual([]);
  });

  it('applies to that door only: a module keeps its own repositories in its door', async () => {
    const code = "export { GoalsRepository } from './goals.repository';\n";
    expect(await reported('metrics-read-door', 'apps/server/src/modules/goals/index.ts', code)).toEqual([]);
  });
});

import type { Goal, Insight } from '@healthfolio/core';
import type { PackedRows } from '../metrics';
import type { SyncRunEvents } from '../sources';
import { SampleSpans } from './sample-spans';
import type { WebhooksService } from './webhooks.service';

/** What one import tells the webhooks: the rows it wrote, batch by batch, then how it ended. */
export interface ImportRunEvents {
  add(rows: PackedRows): void;
  ended(run: ImportEnded): void;
}

/** How an import ended, for `import.finished`. */
export interface ImportEnded {
  id: string;
  format: string | null;
  status: 'succeeded' | 'failed';
  inserted: number;
  updated: number;
  duplicates: number;
  rejected: number;
  skipped: number;
  failure: string | null;
}

/**
 * Turns what happened (a sync, an import, an insight run) into webhook events. The places where these
 * happen make one small call each; what a message says is decided here.
 */
export class WebhookEvents {
  constructor(private readonly webhooks: WebhooksService) {}

  /** `sync.finished`, and `samples.created` with the kinds and local days a run that wrote something read. */
  syncRun(userId: string, source: string, timeZone: string): SyncRunEvents {
    const spans = new SampleSpans(timeZone);
    return {
      add: (samples) => spans.add(samples),
      ended: (run) => {
        void (async () => {
          await this.webhooks.emit(userId, 'sync.finished', { data: { source, ...run } });
          if (run.status === 'succeeded' && run.inserted + run.updated > 0 && !spans.empty) {
            await this.webhooks.emit(userId, 'samples.created', {
              data: { source, kinds: spans.summary() },
              values: spans.values(),
            });
          }
        })();
      },
    };
  }

  /**
   * `import.finished`, and `samples.created` with the kinds and local days a successful import wrote
   * (`source`: the samples' source when they share one, else the import's format; `import`: its id).
   */
  importRun(userId: string, timeZone: string): ImportRunEvents {
    const spans = new SampleSpans(timeZone);
    const sources = new Set<string>();
    return {
      add: (rows) => {
        spans.addRows(rows);
        for (let i = 0; i < rows.length; i++) sources.add(rows.source(i));
      },
      ended: (run) => {
        void (async () => {
          await this.webhooks.emit(userId, 'import.finished', { data: { ...run } });
          if (run.status === 'succeeded' && run.inserted + run.updated > 0 && !spans.empty) {
            const source = sources.size === 1 ? [...sources][0]! : run.format;
            await this.webhooks.emit(userId, 'samples.created', {
              data: { source, import: run.id, kinds: spans.summary() },
              values: spans.values(),
            });
          }
        })();
      },
    };
  }

  /** New insights (and ones that became more severe) of one run. */
  insightsCreated(userId: string, insights: readonly Insight[]): void {
    for (const insight of insights) {
      void this.webhooks.emit(userId, 'insight.created', {
        data: {
          id: insight.id,
          type: insight.type,
          severity: insight.severity,
          title: insight.title,
          relatedMetrics: insight.relatedMetrics,
          window: insight.window,
        },
      });
    }
  }

  /**
   * Goals whose current period is met and was not announced yet; answers the ones announced, so the
   * caller marks their period.
   */
  wantsGoals(userId: string): Promise<boolean> {
    return this.webhooks.wants(userId, 'goal.achieved');
  }

  goalsAchieved(userId: string, goals: readonly Goal[], announced: ReadonlyMap<string, string | null>) {
    const reached: { goal: Goal; period: string }[] = [];
    for (const goal of goals) {
      const period = goal.progress.history.at(-1)?.start;
      if (!goal.progress.met || !period || announced.get(goal.id) === period) continue;
      reached.push({ goal, period });
      void this.webhooks.emit(userId, 'goal.achieved', {
        data: {
          id: goal.id,
          title: goal.title,
          metric: goal.metric,
          period: goal.period,
          periodStart: period,
          streak: goal.progress.streak,
        },
      });
    }
    return reached;
  }
}

import type { Insight } from '@healthfolio/core';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from './job-queue';
import type { Mailer } from '../mail/mailer';
import { mailTemplates } from '../mail/templates';
import type { GoalsRepository, GoalsService } from '../modules/goals';
import { type SamplesQuery, DAY_MS, dayToDate, localDayIn } from '../modules/metrics';
import type { InsightsService, RecipientsRepository } from '../modules/insights';
import type { WebhookEvents } from '../modules/webhooks';
import { pushMessages, type PushService } from '../modules/push';

export interface InsightJobsDeps {
  insights: InsightsService;
  goals: GoalsService;
  goalsRepo: GoalsRepository;
  /** Who is due a daily run, and each person's zone. */
  samples: Pick<SamplesQuery, 'usersDueForInsights' | 'timeZone'>;
  recipients: RecipientsRepository;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  now: () => number;
  /** Where runs are queued: `insights.run` (one person), `insights.daily` (hourly, across instances). */
  queue: JobQueue;
  /** Imports and edits that arrive together cause one run (default 2 s). */
  debounceMs?: number;
  /** Outgoing webhooks: `insight.created`, `goal.achieved`. */
  events?: WebhookEvents;
  /** Web Push to the person's subscribed browsers (insight alerts, goal reminders). */
  push?: Pick<PushService, 'send'>;
}

/** A queued insight run: one person's, and whether it is the daily one (which sends goal reminders). */
interface RunJob {
  userId: string;
  daily: boolean;
}

/**
 * Runs the insight engine in the background, as jobs of the queue: shortly after an import or a goal
 * change (`insights.run`, debounced per person through its singleton key and start time), and once a day
 * for every user with data (`insights.daily` looks hourly, on one instance, and queues their runs, which
 * also send the goal reminders). On one instance runs go one at a time, so a burst of imports never runs
 * the engine in parallel for one user; across instances a person's runs are one at a time by their key.
 */
export class InsightJobs {
  private tail: Promise<void> = Promise.resolve();
  private readonly queueing = new Set<Promise<unknown>>();
  private closed = false;

  constructor(private readonly deps: InsightJobsDeps) {}

  /** Asks for a run soon; requests until that run starts share it. */
  request(userId: string): void {
    if (this.closed) return;
    this.queueRun({ userId, daily: false }, userId, this.deps.debounceMs ?? 2_000);
  }

  /** Runs now (after any run under way here) and resolves when done: `POST /api/insights/refresh`. */
  async runNow(userId: string): Promise<void> {
    // A debounced run still waiting would find nothing new after this one.
    await this.deps.queue.cancel('insights.run', userId);
    return this.serial(() => this.runOne(userId, false), true);
  }

  /**
   * The demo account's first run, at its seeding: a year that has just arrived is nothing to mail about,
   * so its alerts are marked sent without a mail (later runs mail what is new, as for everyone).
   */
  async runSeeded(userId: string): Promise<void> {
    const { fresh } = await this.deps.insights.run(userId);
    await this.deps.insights.markAlerted(
      userId,
      fresh.filter((i) => i.severity !== 'info').map((i) => i.id),
    );
  }

  /**
   * A person's first visit to their insights runs the engine if it never ran for them — an account
   * with data from before (the demo's, a first sign-in after an operator's import) sees insights at once.
   */
  async firstRun(userId: string): Promise<void> {
    if (await this.deps.insights.hasRun(userId)) return;
    await this.runNow(userId);
  }

  /** Takes the queue's insight jobs on this instance and keeps the hourly look for daily runs. */
  async start(): Promise<void> {
    const { queue } = this.deps;
    await queue.work<RunJob>('insights.run', async (job) => {
      // Closing: a run not started yet is dropped, as before the queue; the next change or daily run makes it.
      if (this.closed) return;
      await this.serial(() => this.runOne(job.data.userId, job.data.daily), true);
    });
    await queue.work('insights.daily', () => this.queueDaily());
    await queue.schedule('insights.daily', '0 * * * *');
  }

  /** The daily schedule, at once: queues the run of every user with data whose last run is a day old, and waits. */
  async runDaily(): Promise<void> {
    await this.queueDaily();
    await this.idle();
  }

  /** Resolves when no run is under way, queued, or waiting out its debounce. */
  async idle(): Promise<void> {
    while (this.queueing.size > 0) await Promise.allSettled([...this.queueing]);
    await this.deps.queue.idle(['insights.run', 'insights.daily']);
    await this.tail;
  }

  /** No more requests; runs still waiting stay queued for the next start (or another instance). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.queueing]);
    await this.tail;
  }

  /** Queues the daily run of every user with data whose last run is a day old. */
  private async queueDaily(): Promise<void> {
    if (this.closed) return;
    const due = await this.deps.samples.usersDueForInsights(this.deps.now() - DAY_MS);
    // Their own key: a debounced run waiting for the same person does not stand in for the reminders.
    for (const userId of due) this.queueRun({ userId, daily: true }, `${userId}:daily`, 0);
    await Promise.allSettled([...this.queueing]);
  }

  private queueRun(run: RunJob, singletonKey: string, delayMs: number): void {
    const queued = this.deps.queue
      .enqueue('insights.run', run, {
        singletonKey,
        startAfter: new Date(Date.now() + delayMs),
        // A failed run is not tried again: the next change or the next daily run makes it, as before.
        retry: { limit: 0 },
      })
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'queueing an insight run failed'))
      .finally(() => this.queueing.delete(queued));
    this.queueing.add(queued);
  }

  /** One run at a time on this instance. */
  private serial(run: () => Promise<void>, rethrow: boolean): Promise<void> {
    const next = this.tail.then(run);
    this.tail = next.catch((error: unknown) => {
      this.deps.log.error({ err: error }, 'insight run failed');
    });
    return rethrow ? next : this.tail;
  }

  private async runOne(userId: string, daily: boolean): Promise<void> {
    const { fresh } = await this.deps.insights.run(userId);
    await this.announce(userId, fresh);
    const recipient = await this.deps.recipients.get(userId);
    if (!recipient) return;
    const { emailNotifications, pushNotifications, insightAlerts, goalReminders } = recipient.notifications;
    const push = pushNotifications ? this.deps.push : undefined;
    // `fresh` never holds a finding about the day in progress: the engine compares whole days only, and
    // the service leaves out findings about today so far.
    const alerts = fresh.filter((i) => i.severity !== 'info');
    if (alerts.length > 0) {
      if (emailNotifications && insightAlerts) {
        const link = `${this.deps.publicUrl}/insights`;
        await this.deps.mailer.send(
          mailTemplates.insightAlert(
            recipient.email,
            link,
            alerts.map((i) => i.title),
          ),
        );
      }
      if (push && insightAlerts) await push.send(userId, pushMessages.insightAlert(alerts.length));
      // Marked either way: turning alerts on later does not flood the inbox with old findings.
      await this.deps.insights.markAlerted(
        userId,
        alerts.map((i) => i.id),
      );
    }
    if (daily && goalReminders && (emailNotifications || push)) {
      await this.remindGoals(userId, emailNotifications ? recipient.email : undefined, push);
    }
  }

  /** Webhook events of one run: its new insights, and goals newly reached. */
  private async announce(userId: string, fresh: Insight[]): Promise<void> {
    const events = this.deps.events;
    if (!events) return;
    events.insightsCreated(userId, fresh);
    if (!(await events.wantsGoals(userId))) return;
    const rows = await this.deps.goalsRepo.list(userId);
    const announced = new Map(rows.map((r) => [r.id, r.achieved_period]));
    const reached = events.goalsAchieved(userId, await this.deps.goals.list(userId), announced);
    for (const { goal, period } of reached) {
      await this.deps.goalsRepo.update(userId, goal.id, { achieved_period: period });
    }
  }

  /** One mail a day listing the daily goals missed yesterday, and one push message saying how many. */
  private async remindGoals(
    userId: string,
    email: string | undefined,
    push: Pick<PushService, 'send'> | undefined,
  ): Promise<void> {
    const zone = (await this.deps.samples.timeZone(userId)) ?? 'UTC';
    const today = localDayIn(zone, this.deps.now());
    const yesterday = dayToDate(today - 1);
    const goals = await this.deps.goals.list(userId);
    const rows = new Map((await this.deps.goalsRepo.list(userId)).map((r) => [r.id, r]));
    const missed = goals.filter((goal) => {
      if (goal.period !== 'daily' || rows.get(goal.id)?.reminded_day === today) return false;
      const period = goal.progress.history.find((h) => h.start === yesterday);
      return period !== undefined && period.value !== null && !period.met;
    });
    if (missed.length === 0) return;
    if (email) {
      await this.deps.mailer.send(
        mailTemplates.goalReminder(
          email,
          `${this.deps.publicUrl}/goals`,
          missed.map((g) => g.title),
        ),
      );
    }
    if (push) await push.send(userId, pushMessages.goalReminder(missed.length));
    for (const goal of missed) await this.deps.goalsRepo.update(userId, goal.id, { reminded_day: today });
  }
}

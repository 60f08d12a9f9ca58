import type { Insight } from '@healthfolio/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../mail/mailer';
import { mailTemplates } from '../mail/templates';
import type { GoalsRepository } from '../modules/goals/goals.repository';
import type { GoalsService } from '../modules/goals/goals.service';
import type { InsightDataRepository } from '../modules/insights/insight-data.repository';
import type { InsightsService } from '../modules/insights/insights.service';
import type { RecipientsRepository } from '../modules/insights/recipients.repository';
import type { UserTimeZoneRepository } from '../modules/metrics/user-time-zone.repository';
import { DAY_MS, dayToDate, localDayIn } from '../modules/metrics/time';
import type { WebhookEvents } from '../modules/webhooks/webhook-events';
import { pushMessages, type PushService } from '../modules/push';

export interface InsightJobsDeps {
  insights: InsightsService;
  goals: GoalsService;
  goalsRepo: GoalsRepository;
  data: InsightDataRepository;
  recipients: RecipientsRepository;
  zones: UserTimeZoneRepository;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  now: () => number;
  /** Imports and edits that arrive together cause one run (default 2 s). */
  debounceMs?: number;
  /** How often the daily schedule looks for users whose insights are a day old (default hourly). */
  checkEveryMs?: number;
  /** Outgoing webhooks: `insight.created`, `goal.achieved`. */
  events?: WebhookEvents;
  /** Web Push to the person's subscribed browsers (insight alerts, goal reminders). */
  push?: Pick<PushService, 'send'>;
}

/**
 * Runs the insight engine in the background of this server: shortly after an import or a goal change,
 * and once a day for every user with data (which also sends the goal reminders). Runs go one at a
 * time, so a burst of imports never runs the engine in parallel for one user.
 *
 * One process: with several server instances on PostgreSQL each would run the daily schedule; the runs
 * are idempotent (same finding, same row), so the cost is repeated work, not wrong data.
 */
export class InsightJobs {
  private readonly waiting = new Map<string, NodeJS.Timeout>();
  private tail: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly deps: InsightJobsDeps) {}

  /** Asks for a run soon; requests within the debounce window share one run. */
  request(userId: string): void {
    if (this.closed) return;
    clearTimeout(this.waiting.get(userId));
    const timer = setTimeout(() => {
      this.waiting.delete(userId);
      void this.enqueue(userId, false);
    }, this.deps.debounceMs ?? 2_000);
    timer.unref();
    this.waiting.set(userId, timer);
  }

  /** Runs now (after any run under way) and resolves when done: `POST /api/insights/refresh`. */
  runNow(userId: string): Promise<void> {
    clearTimeout(this.waiting.get(userId));
    this.waiting.delete(userId);
    return this.enqueue(userId, false, true);
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
    if (await this.deps.data.hasRun(userId)) return;
    await this.runNow(userId);
  }

  start(): void {
    const every = this.deps.checkEveryMs ?? 60 * 60_000;
    this.timer = setInterval(() => void this.runDaily(), every);
    this.timer.unref();
  }

  /** The daily schedule: every user with data whose last run is a day old. */
  async runDaily(): Promise<void> {
    if (this.closed) return;
    const due = await this.deps.data.usersDue(this.deps.now() - DAY_MS);
    await Promise.all(due.map((userId) => this.enqueue(userId, true)));
  }

  /** Resolves when no run is under way, queued, or waiting out its debounce. */
  async idle(): Promise<void> {
    let seen: Promise<void> | undefined;
    while (seen !== this.tail || this.waiting.size > 0) {
      if (this.waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      seen = this.tail;
      await seen;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    for (const timer of this.waiting.values()) clearTimeout(timer);
    this.waiting.clear();
    await this.idle();
  }

  private enqueue(userId: string, daily: boolean, rethrow = false): Promise<void> {
    const run = this.tail.then(() => (this.closed && !rethrow ? undefined : this.runOne(userId, daily)));
    this.tail = run.catch((error: unknown) => {
      this.deps.log.error({ err: error, userId }, 'insight run failed');
    });
    return rethrow ? run : this.tail;
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
    const zone = (await this.deps.zones.get(userId)) ?? 'UTC';
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

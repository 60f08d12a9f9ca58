import type { JobQueue } from '../../jobs';

/** The queue of reports to make: one job per report, keyed by its id. */
export const REPORT_QUEUE = 'reports.generate';

/**
 * Reports made in the background, as jobs of the queue (`reports.generate`, keyed by the report's id):
 * one at a time per instance, in the order asked, on whichever instance takes the job. A report whose
 * instance stopped mid-way is handed back, or, if the instance died, taken up again once its claim
 * expires; `generateReport` starts over from the saved request, so either way the person sees it finish.
 */
export class ReportJobs {
  private readonly queueing = new Set<Promise<unknown>>();

  constructor(
    private readonly queue: JobQueue,
    private readonly handler: (id: string) => Promise<void>,
    private readonly waiting: () => Promise<string[]>,
    private readonly log: { error(details: object, message: string): void },
  ) {}

  /** Takes the report jobs on this instance; a report asked for but never queued gets its job. */
  async start(): Promise<void> {
    await this.queue.work<{ id: string }>(REPORT_QUEUE, (job) => this.handler(job.data.id));
    // The job of a report still waiting is there already: the singleton key makes this a no-op for it.
    for (const id of await this.waiting()) this.request(id);
  }

  request(id: string): void {
    const queued = this.queue
      .enqueue(
        REPORT_QUEUE,
        { id },
        // Making a report takes seconds: a claim older than five minutes is a dead instance's.
        { singletonKey: id, expireInSeconds: 5 * 60, retry: { limit: 2, delaySeconds: 1 } },
      )
      .catch((error: unknown) => this.log.error({ err: error, reportId: id }, 'queueing a report failed'))
      .finally(() => this.queueing.delete(queued));
    this.queueing.add(queued);
  }

  /** Resolves when no report is queued or being made (tests wait on it). */
  async idle(): Promise<void> {
    while (this.queueing.size > 0) await Promise.allSettled([...this.queueing]);
    await this.queue.idle([REPORT_QUEUE]);
  }

  /** Requests still being queued land; the report being made is the queue's to drain or hand back. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.queueing]);
  }
}

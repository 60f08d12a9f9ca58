/**
 * Reports made in the background, one at a time, in the order asked. The handler is one function of
 * the report's id, so a job queue can take this runner's place.
 */
export class ReportJobs {
  private readonly queue: string[] = [];
  private running: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly handler: (id: string) => Promise<void>,
    private readonly unfinished: () => Promise<string[]>,
  ) {}

  /** Takes up reports a stop left queued or running. */
  async start(): Promise<void> {
    for (const id of await this.unfinished()) this.request(id);
  }

  request(id: string): void {
    if (this.closed || this.queue.includes(id)) return;
    this.queue.push(id);
    this.running ??= this.drain();
  }

  private async drain(): Promise<void> {
    // Let the request that queued the report answer first.
    await new Promise((resolve) => setImmediate(resolve));
    while (!this.closed && this.queue.length > 0) {
      await this.handler(this.queue.shift()!);
    }
    this.running = undefined;
  }

  /** Resolves when no report is being made (tests wait on it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** The report being made finishes; queued ones wait for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    await this.running;
  }
}

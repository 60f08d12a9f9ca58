import type { MailLog } from '../mail/mailer';

/**
 * Work finished after the answer is sent: a password-reset mail for a real account must not take longer
 * to answer than one for an unknown address (SMTP can take seconds). `idle()` waits for everything
 * pending — on shutdown, so no mail is lost, and in tests before reading the outbox.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: MailLog) {}

  run(name: string, task: () => Promise<void>): void {
    const promise: Promise<void> = task()
      .catch((err: unknown) => this.log.error({ err, task: name }, 'background task failed'))
      .finally(() => this.pending.delete(promise));
    this.pending.add(promise);
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

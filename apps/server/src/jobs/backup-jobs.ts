import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { createBackup, BACKUP_FILE_NAME, backupFileName } from '../modules/backup';
import type { JobQueue } from './job-queue';

/** The queue whose job writes a backup when one is due. */
const BACKUP_QUEUE = 'backups.due';

export interface BackupJobsDeps {
  config: Pick<Config, 'dataDir' | 'database'> & { backup: NonNullable<Config['backup']> };
  log: FastifyBaseLogger;
  now: () => number;
  /** Where the look for a due backup is scheduled (every ten minutes, on one instance). */
  queue?: JobQueue;
}

/**
 * Scheduled backups (BACKUP_DIR): whenever the newest backup in the folder is older than
 * BACKUP_EVERY_HOURS, one is written, and all but the newest BACKUP_KEEP are removed. The look is a job
 * of the queue (`backups.due`), scheduled every ten minutes and asked for once at start; the schedule
 * runs on one instance at a time, among those given a BACKUP_DIR (only they take the job).
 */
export class BackupJobs {
  private running: Promise<void> | undefined;

  constructor(private readonly deps: BackupJobsDeps) {}

  async start(): Promise<void> {
    const { queue } = this.deps;
    if (!queue) throw new Error('Scheduled backups need the job queue');
    await queue.work(BACKUP_QUEUE, () => this.runDue());
    await queue.schedule(BACKUP_QUEUE, '*/10 * * * *');
    await queue.enqueue(BACKUP_QUEUE, {}, { singletonKey: 'start', retry: { limit: 0 } });
  }

  /** Writes a backup when one is due; one at a time. */
  runDue(): Promise<void> {
    this.running ??= this.backUpIfDue()
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'the scheduled backup failed'))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /** Waits for a backup under way. */
  async idle(): Promise<void> {
    await this.running;
  }

  async close(): Promise<void> {
    await this.idle();
  }

  private async backUpIfDue(): Promise<void> {
    const { dir, everyMs, keep, passphrase } = this.deps.config.backup;
    const now = this.deps.now();
    const newest = existing(dir).at(-1);
    if (newest && now - newest.at < everyMs) return;
    const file = path.join(dir, backupFileName(new Date(now), Boolean(passphrase)));
    const result = await createBackup(this.deps.config, file, {
      ...(passphrase ? { passphrase } : {}),
      exclude: [dir],
    });
    this.deps.log.info({ file: path.basename(result.file), bytes: result.bytes }, 'backup written');
    for (const old of existing(dir).slice(0, -keep)) fs.rmSync(path.join(dir, old.name), { force: true });
  }
}

/** The folder's backups, oldest first, with the time in their name. */
function existing(dir: string): { name: string; at: number }[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .map((name) => ({ name, match: BACKUP_FILE_NAME.exec(name) }))
    .filter((f): f is { name: string; match: RegExpExecArray } => f.match !== null)
    .map(({ name, match }) => {
      const s = match[1]!;
      const at = Date.parse(
        `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`,
      );
      return { name, at };
    })
    .sort((a, b) => a.at - b.at || a.name.localeCompare(b.name));
}

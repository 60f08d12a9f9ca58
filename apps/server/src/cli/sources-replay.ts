/**
 * `npm run sources:replay -- --email ada@example.com --source oura [--dry-run]`
 *
 * Re-maps the raw provider pages kept from recent syncs with today's mapping, without calling the
 * provider (see modules/sources/replay.ts). `--dry-run` only counts.
 */
import { parseArgs } from 'node:util';
import { replaySource } from '../modules/sources';
import { openCli, runCli } from './cli-context';

await runCli(async () => {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      source: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  if (!values.email || !values.source) {
    throw new Error('Usage: npm run sources:replay -- --email <account> --source <kind> [--dry-run]');
  }
  const cli = await openCli();
  try {
    const user = await cli.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', values.email.toLowerCase())
      .executeTakeFirst();
    if (!user) throw new Error(`No account for ${values.email}`);
    const r = await replaySource(cli.db, cli.bulk, user.id, values.source, values['dry-run']);
    process.stdout.write(
      `${r.pages} kept pages of ${values.source}: ${r.mapped} samples mapped` +
        (values['dry-run'] ? ' (dry run: nothing written)\n' : `, ${r.replaced} replaced by ${r.inserted}\n`),
    );
  } finally {
    await cli.close();
  }
});

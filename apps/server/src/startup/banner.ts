import type { Config } from '../config';

/** The demo account as the banner tells it: its password only on the start that created it. */
export interface DemoLine {
  email: string;
  /** Printed once, on the first start; never stored. */
  password?: string;
}

/** Where the data lives, without a secret: PostgreSQL's user and password never reach the terminal. */
export function describeDatabase(database: Config['database']): string {
  if (database.dialect === 'sqlite') return `SQLite, ${database.file}`;
  try {
    const url = new URL(database.url);
    return `PostgreSQL, ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

/**
 * The lines `npm start` ends its start-up with, in a box: where to open the app, where the data is, and
 * the demo account — the last thing on the screen, so the password is not scrolled away.
 */
export function startupBanner(
  url: string,
  database: string,
  demo?: DemoLine,
  role: Config['role'] = 'all',
): string {
  const rows: string[] = ['Healthfolio is running', ''];
  // A worker serves nobody: it has no address to open, only its probes.
  if (role === 'worker')
    rows.push('Role      worker: runs background jobs; answers /api/health and /api/ready only');
  else rows.push(`Open      ${url}`);
  if (role === 'web')
    rows.push('Role      web: serves requests; jobs run on instances with ROLE=worker or all');
  rows.push(`Database  ${database}`);
  if (demo) {
    rows.push('', `Demo account  ${demo.email}`);
    rows.push(
      demo.password
        ? `Password      ${demo.password}   (shown once: note it down)`
        : 'Password      shown on the first start only',
    );
  }
  rows.push('', 'Stop: Ctrl-C here, or `npm stop` from another terminal');
  const width = Math.max(...rows.map((row) => row.length));
  const line = '─'.repeat(width + 2);
  return [`┌${line}┐`, ...rows.map((row) => `│ ${row.padEnd(width)} │`), `└${line}┘`]
    .map((row) => `  ${row}`)
    .join('\n');
}

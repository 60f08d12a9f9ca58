import path from 'node:path';
import { writeStandInWeb } from '../crash/server-child';

/**
 * What every instance of one deployment shares, as an operator sets it: one PostgreSQL database, one
 * DATA_DIR (the uploads and the token vault's key every instance reads), and one public address (the
 * tokens' issuer). `import taken` lines (info) say which instance runs an import.
 */
export function deploymentEnv(
  dir: string,
  databaseUrl: string,
  graceSeconds: number,
): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(dir, 'data'),
    WEB_DIST: writeStandInWeb(dir),
    SIGNUP_ENABLED: 'true',
    PUBLIC_URL: 'http://healthfolio.test',
    SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
    LOG_LEVEL: 'info',
  };
}

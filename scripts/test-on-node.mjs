// `node scripts/test-on-node.mjs 26`: the unit and storage tests once more on another Node release
// (fetched like the project's own, scripts/project-node.mjs). CI runs them on the newest Node this way.
// The storage tests run on SQLite only here, and the crash tests (whole server processes killed and
// restarted) are left to the project's Node: together they would double CI's time for what the run on
// Node 24 already covers on both databases.
import { run } from './lib.mjs';
import { NODES, fetchNode, nodeEnv } from './project-node.mjs';

const major = Number(process.argv[2]);
if (!NODES[major])
  throw new Error(`No pinned Node ${process.argv[2]}: one of ${Object.keys(NODES).join(', ')}`);
const dir = fetchNode(major);
console.log(`\n▶ unit and storage tests (SQLite) on Node ${NODES[major].version}`);
const { TEST_DATABASE_URL: _postgres, ...env } = nodeEnv(dir);
process.exit(run('npx', ['vitest', 'run', '--exclude', 'apps/server/test/crash/**'], { env }));

// `node scripts/test-on-node.mjs 26`: the unit and storage tests once more on another Node release
// (fetched like the project's own, scripts/project-node.mjs). CI runs them on the newest Node this way.
import { run } from './lib.mjs';
import { NODES, fetchNode, nodeEnv } from './project-node.mjs';

const major = Number(process.argv[2]);
if (!NODES[major])
  throw new Error(`No pinned Node ${process.argv[2]}: one of ${Object.keys(NODES).join(', ')}`);
const dir = fetchNode(major);
console.log(`\n▶ unit and storage tests on Node ${NODES[major].version}`);
process.exit(run('npx', ['vitest', 'run'], { env: nodeEnv(dir) }));

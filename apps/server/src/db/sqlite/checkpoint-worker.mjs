// Entry of the checkpoint worker. The server runs its TypeScript through tsx; a worker thread does not
// inherit the loader hooks, so it registers tsx itself before loading the worker's code.
import { register } from 'tsx/esm/api';

register();
await import('./checkpoint-worker.ts');

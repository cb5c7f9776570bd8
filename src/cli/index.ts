import { isPoolWorker, serveTasks } from './worker.js';

// `--jobs` worker threads run this same module (the bundle has one entry): they serve tasks. The
// commands are imported only outside a worker, so a worker never initialises what only the
// commands use (the config schemas, the LLM and GitHub clients, the report renderers).
if (isPoolWorker()) serveTasks();
else {
  const [{ main }, { processIO }] = await Promise.all([import('./main.js'), import('./io.js')]);
  process.exitCode = await main(process.argv.slice(2), processIO({ workerUrl: new URL(import.meta.url) }));
  // Everything is written by now. Should anything still hold the event loop (a client's retry
  // timer, a socket kept alive), exit anyway after a grace period: the run is over
  // (docs/design.md#robust-shells). The timer is unref'd, so a clean run exits at once without waiting for it.
  setTimeout(() => process.exit(), 2000).unref();
}

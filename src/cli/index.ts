import { processIO } from './io.js';
import { main } from './main.js';
import { isPoolWorker, serveTasks } from './worker.js';

// `--jobs` worker threads run this same module (the bundle has one entry): they serve tasks.
if (isPoolWorker()) serveTasks();
else {
  process.exitCode = await main(process.argv.slice(2), processIO({ workerUrl: new URL(import.meta.url) }));
  // Everything is written by now. Should anything still hold the event loop (a client's retry
  // timer, a socket kept alive), exit anyway after a grace period: the run is over (issue 10
  // item 8). The timer is unref'd, so a clean run exits at once without waiting for it.
  setTimeout(() => process.exit(), 2000).unref();
}

import { processIO } from './io.js';
import { main } from './main.js';
import { isPoolWorker, serveTasks } from './worker.js';

// `--jobs` worker threads run this same module (the bundle has one entry): they serve tasks.
if (isPoolWorker()) serveTasks();
else process.exitCode = await main(process.argv.slice(2), processIO({ workerUrl: new URL(import.meta.url) }));

// The CLI entry for `--jobs` worker threads started by in-process tests (test/helpers/cli.ts):
// a worker thread does not inherit the test runner's TypeScript loader, so it registers tsx
// itself before loading the real entry, src/cli/index.ts (which serves tasks in a worker).
import { register } from 'tsx/esm/api';

register();
await import('../../src/cli/index.ts');

/**
 * `chunkgate eval --format json` on each case under fixtures/eval/<case>/ (input.md and
 * its .chunkgate.yml) against the committed expected.json. `UPDATE=1 npx vitest run
 * test/cli/fixtures.test.ts` rewrites the expected files; review the diff before committing.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const cases = fileURLToPath(new URL('../../fixtures/eval/', import.meta.url));

describe('eval fixtures', () => {
  for (const name of readdirSync(cases).sort()) {
    it(name, async () => {
      const dir = join(cases, name);
      const { code, stdout, stderr } = await runCli(['eval', 'input.md', '--format', 'json'], { cwd: dir });
      expect(stderr).toBe('');
      expect(code).toBe(0);
      const expectedPath = join(dir, 'expected.json');
      if (process.env.UPDATE || !existsSync(expectedPath)) writeFileSync(expectedPath, stdout);
      expect(stdout).toBe(readFileSync(expectedPath, 'utf8'));
    });
  }
});

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** Runs `script` in a fresh Node process with the TypeScript sources (tsx), and returns what it printed. */
async function fresh(script: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root });
  return stdout.trim();
}

describe('token tables', () => {
  it('load on first use, and only the encoding a run counts with; counting builds no encoder', async () => {
    const script = (tokenizer: string) => `
      const { loadedEncoders, loadedEncodings } = await import('./src/tokens/encodings.ts');
      const { createMeasure } = await import('./src/tokens/measure.ts');
      const before = loadedEncodings().join(',');
      const measure = createMeasure('tokens', '${tokenizer}');
      const after = loadedEncodings().join(',');
      console.log(JSON.stringify([before, after, measure.size('one two three'), loadedEncodings(), loadedEncoders()]));`;
    expect(JSON.parse(await fresh(script('o200k_base')))).toEqual(['', '', 3, ['o200k_base'], []]);
    expect(JSON.parse(await fresh(script('cl100k_base')))).toEqual(['', '', 3, ['cl100k_base'], []]);
  });
});

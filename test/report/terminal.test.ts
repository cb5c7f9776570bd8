import { describe, expect, it } from 'vitest';
import { terminalSafe } from '../../src/report/terminal.js';
import { runCli } from '../helpers/cli.js';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('terminalSafe', () => {
  it('removes escape sequences whole: CSI, OSC (hyperlinks, titles), 8-bit CSI, two-character escapes', () => {
    expect(terminalSafe('a\u001b[31mred\u001b[0m b')).toBe('ared b');
    expect(terminalSafe('\u001b[2J\u001b[1;1HClear')).toBe('Clear');
    expect(terminalSafe('\u001b]0;pwned title\u0007T')).toBe('T');
    expect(terminalSafe('\u001b]8;;https://evil.example\u001b\\link\u001b]8;;\u001b\\')).toBe('link');
    expect(terminalSafe('x\u009b31my')).toBe('xy');
    expect(terminalSafe('x\u001bcy')).toBe('xy');
    expect(terminalSafe('tail\u001b')).toBe('tail');
  });

  it('turns line breaks and other control characters into spaces and drops bidirectional controls', () => {
    expect(terminalSafe('a\r\nb\rc\nd\u0007e\u0000f')).toBe('a b c d e f');
    expect(terminalSafe('tab\tstays')).toBe('tab\tstays');
    expect(terminalSafe('abc\u202edcba\u2066x\u2069')).toBe('abcdcbax');
  });
});

describe('chunkgate eval --format text', () => {
  it('prints headings and messages from the docs without their escape sequences', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chunkgate-terminal-'));
    await writeFile(join(dir, 'evil.md'), '# Title\u001b[2J\u001b]0;owned\u0007 here\n\nBody text of the page that is long enough to read.\n');
    const { code, stdout } = await runCli(['eval', 'evil.md'], { cwd: dir });
    expect(code).toBe(0);
    // eslint-disable-next-line no-control-regex -- the assertion is about control characters
    expect(stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(stdout).toContain('Title here');
  });
});

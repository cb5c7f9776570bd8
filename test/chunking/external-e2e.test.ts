import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/types.js';
import { runCli } from '../helpers/cli.js';

// End to end with the machine's python3: the example chunker of examples/external-chunker
// through `chunkgate eval`, and `chunkgate diff` where the command fails on one file.

const EXAMPLE = join(import.meta.dirname, '..', '..', 'examples', 'external-chunker');
const tmp = mkdtempSync(join(tmpdir(), 'chunkgate-external-e2e-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('examples/external-chunker', () => {
  it('chunkgate eval scores the chunks scripts/chunk.py makes, with heading paths and lines', async () => {
    const { code, stdout, stderr } = await runCli(['eval', '--format', 'json'], { cwd: EXAMPLE });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Report;
    expect(report.files.map((file) => file.path)).toEqual(['docs/guide.md']);
    const head = report.files[0]!.head!;
    expect(head.chunking.strategy).toBe('external');
    // The script cuts at the 4 headings; every section is below 1200 chars, so 4 chunks.
    expect(head.chunks.map((chunk) => [chunk.headingPath.join(' › '), chunk.startLine, chunk.endLine])).toEqual([
      ['Install guide', 5, 8],
      ['Install guide › Requirements', 10, 14],
      ['Install guide › Install', 16, 26],
      ['Install guide › Uninstall', 28, 31],
    ]);
    // Each chunk is a verbatim slice: the script's UTF-16 offsets hold even after the emoji.
    expect(head.chunks[3]!.text).toBe('## Uninstall\n\nRemove the binary from `/usr/local/bin` and delete `~/.config/tool` if you no longer need\nyour settings. 🎉 That is all.');
    expect(head.coverage).toBe(1);
  });
});

describe('chunkgate diff with an external chunker that fails on one file', () => {
  it('fails closed: the file is an unchecked finding naming the command and the file, and the others are scored', async () => {
    const script = [
      'import json, sys',
      'req = json.load(sys.stdin)',
      'if "broken" in req["path"]:',
      '    sys.stderr.write("cannot chunk this one\\n")',
      '    sys.exit(3)',
      'parts = [p for p in req["markdown"].split("\\n\\n") if p.strip()]',
      'print(json.dumps({"chunks": [{"text": p.strip()} for p in parts]}))',
      '',
    ].join('\n');
    for (const side of ['base', 'head']) {
      mkdirSync(join(tmp, side, 'docs'), { recursive: true });
      writeFileSync(join(tmp, side, '.chunkgate.yml'), 'chunking:\n  strategy: external\n  command: [python3, chunk.py]\n  unit: chars\n  max: 200\n');
      writeFileSync(join(tmp, side, 'docs', 'broken.md'), `# Broken\n\nText ${side}.\n`);
      writeFileSync(join(tmp, side, 'docs', 'fine.md'), `# Fine\n\nFirst paragraph.\n\nSecond paragraph, ${side}.\n`);
    }
    writeFileSync(join(tmp, 'chunk.py'), script);
    const { code, stdout, stderr } = await runCli(['diff', '--base-dir', 'base', '--head-dir', 'head', '--format', 'json'], { cwd: tmp });
    // A chunker the PR can make fail must not turn into "Nothing to check", exit 0.
    expect(code).toBe(1);
    // The retrieval probes chunk the whole corpus too: their only word is that the broken page is out of their index
    // (beside where the rules came from).
    expect(stderr.split('\n').filter((line) => line !== '' && !line.endsWith('retrieval sees no chunks of docs/broken.md'))).toEqual([
      'notice: rules from .chunkgate.yml of the base folder base (pass --config F for other rules)',
    ]);
    const report = JSON.parse(stdout) as Report;
    expect(report.summary.verdict).toBe('fail');
    expect(report.files.map((file) => file.path)).toEqual(['docs/broken.md', 'docs/fine.md']);
    expect(report.files[0]!.findings).toEqual([
      {
        kind: 'unchecked',
        origin: 'new',
        gating: true,
        severity: 'high',
        message: 'Not checked: external chunker `python3 chunk.py` failed on docs/broken.md: exited with code 3: cannot chunk this one',
        hint: expect.stringContaining('chunking.command'),
      },
    ]);
    expect(report.files[0]!.head).toBeUndefined();
    expect(report.files[1]!.head!.chunks.map((chunk) => chunk.text)).toEqual(['# Fine', 'First paragraph.', 'Second paragraph, head.']);
    // With thresholds.unchecked: warn the finding stays, but no longer gates (failOn alone decides).
    writeFileSync(join(tmp, 'warn.yml'), 'chunking:\n  strategy: external\n  command: [python3, chunk.py]\n  unit: chars\n  max: 200\nthresholds:\n  unchecked: warn\n');
    const warned = await runCli(['diff', '--base-dir', 'base', '--head-dir', 'head', '--format', 'json', '--config', 'warn.yml', '--fail-on', 'partial'], { cwd: tmp });
    const lenient = JSON.parse(warned.stdout) as Report;
    expect(lenient.files[0]!.findings[0]).toMatchObject({ kind: 'unchecked', gating: false });
    expect([warned.code, lenient.summary.verdict]).toEqual([0, 'pass']);
  });
});

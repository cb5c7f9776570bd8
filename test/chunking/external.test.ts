import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { draftsOfExternal, hasBodyText } from '../../src/chunking/presets/index.js';
import { analyzeDocument, evaluateDocument } from '../../src/engine/evaluate.js';
import { analyzeIsolated } from '../../src/engine/isolate.js';
import { parseMarkdown } from '../../src/markdown/parse.js';
import { ExternalChunkerError, runExternalChunker } from '../../src/sources/external-chunker.js';
import { optionsWith } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'chunkgate-external-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a Python script into the temp dir and returns chunking options that run it. */
function script(name: string, body: string, timeout?: number) {
  writeFileSync(join(dir, name), body);
  return optionsWith({ strategy: 'external', command: ['python3', name], ...(timeout ? { timeout } : {}) });
}

const SOURCE = '# Title\n\nFirst   paragraph here.\n\nSecond paragraph.\n';
const weights = { structural: 'default', content: 'equal' } as const;

describe('draftsOfExternal: placing chunks in the source', () => {
  const { doc } = parseMarkdown('a.md', SOURCE);

  it('uses offsets that match the text, locates the others in order, and flags rewritten ones', () => {
    const { drafts, unlocated } = draftsOfExternal(doc, [
      { text: '# Title', start: 0, end: 7 },
      // No offsets: found after the previous chunk's start ("First" is at 9).
      { text: 'First   paragraph here.' },
      // Wrong offsets (code points vs UTF-16, say): the text is searched for (at 34).
      { text: 'Second paragraph.', start: 3, end: 9 },
      // Whitespace rewritten: nowhere in the source.
      { text: 'First paragraph here.' },
    ]);
    expect(drafts.map((draft) => [draft.start, draft.end])).toEqual([[0, 7], [9, 32], [34, 51], [51, 51]]);
    expect(unlocated).toEqual([3]);
    expect(drafts[3]!.text).toBe('First paragraph here.');
    expect(drafts[1]!.headingPath).toEqual(['Title']);
    expect(drafts[1]!.kinds).toEqual(['paragraph']);
  });

  it('keeps rewritten text at the offsets the chunker gave', () => {
    const { drafts, unlocated } = draftsOfExternal(doc, [{ text: 'FIRST PARAGRAPH HERE.', start: 9, end: 32 }]);
    expect(unlocated).toEqual([]);
    expect(drafts[0]).toMatchObject({ start: 9, end: 32, text: 'FIRST PARAGRAPH HERE.' });
  });
});

describe('analyzeDocument with external chunks', () => {
  it('keeps the chunker text, gives heading paths and lines, and reports coverage and unlocated chunks', () => {
    const chunking = optionsWith({ strategy: 'external', command: ['x'] });
    const analysis = analyzeDocument('a.md', SOURCE, { chunking, weights }, [
      { text: '# Title\n\nFirst   paragraph here.' },
      { text: 'Second  paragraph.' },
    ]);
    expect(analysis.chunks.map((chunk) => [chunk.text, chunk.startLine, chunk.endLine, chunk.headingPath.join('/')])).toEqual([
      ['# Title\n\nFirst   paragraph here.', 1, 3, 'Title'],
      ['Second  paragraph.', 3, 3, 'Title'],
    ]);
    expect(analysis.warnings).toEqual([expect.stringContaining('a.md: 1 of 2 chunks from the external chunker could not be located in the source (#2)')]);
    // Non-whitespace characters: "#Title" 6 + "Firstparagraphhere." 19 + "Secondparagraph." 16 = 41;
    // the unlocated second chunk holds none, so coverage = (6 + 19) / 41.
    expect(analysis.coverage).toBeCloseTo(25 / 41, 9);
  });
});

describe('no chunks from the external chunker', () => {
  it('cannot check a page with text, and names the command and the file', () => {
    const chunking = optionsWith({ strategy: 'external', command: ['python3', 'chunk.py'] });
    expect(analyzeIsolated('docs/a.md', SOURCE, { chunking, weights }, [])).toEqual({
      problem: {
        reason: 'external chunker `python3 chunk.py` returned no chunks for docs/a.md, a page with text',
        hint: expect.stringContaining('leaves all of its text out of the index'),
      },
    });
  });

  it('accepts none for a page of front matter, rule comments and blank lines', () => {
    const chunking = optionsWith({ strategy: 'external', command: ['x'] });
    const page = '---\ntitle: Later\n---\n\n<!-- chunkgate-disable-file -->\n\n  \n';
    expect(hasBodyText(parseMarkdown('a.md', page).doc)).toBe(false);
    expect(hasBodyText(parseMarkdown('a.md', `${page}x\n`).doc)).toBe(true);
    expect(analyzeDocument('a.md', page, { chunking, weights }, []).chunks).toEqual([]);
  });
});

describe('runExternalChunker', () => {
  it('runs the command without a shell and parses its chunks', async () => {
    const options = script('echo.py', 'import json, sys\nreq = json.load(sys.stdin)\nprint(json.dumps({"chunks": [{"text": req["path"]}, {"text": req["markdown"][:7], "start": 0, "end": 7}]}))\n');
    await expect(runExternalChunker('docs/a.md', SOURCE, options, dir)).resolves.toEqual([{ text: 'docs/a.md' }, { text: '# Title', start: 0, end: 7 }]);
  });

  it('a non-zero exit names the command, the file, the code and the end of stderr', async () => {
    const options = script('fail.py', 'import sys\nsys.stderr.write("boom: bad input\\n")\nsys.exit(1)\n');
    await expect(runExternalChunker('docs/a.md', SOURCE, options, dir)).rejects.toThrow(
      'external chunker `python3 fail.py` failed on docs/a.md: exited with code 1: boom: bad input',
    );
  });

  it('garbage on stdout is invalid JSON', async () => {
    const options = script('garbage.py', 'print("<html>not json")\n');
    const error = await runExternalChunker('docs/a.md', SOURCE, options, dir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExternalChunkerError);
    expect((error as Error).message).toBe(
      'external chunker `python3 garbage.py` failed on docs/a.md: printed invalid JSON (expected {"chunks": [{"text": …}]}, got "<html>not json")',
    );
  });

  it('JSON of the wrong shape says what is missing', async () => {
    const options = script('shape.py', 'print(\'{"chunks": [{"txt": "a"}]}\')\n');
    await expect(runExternalChunker('docs/a.md', SOURCE, options, dir)).rejects.toThrow('chunks[0] has no "text" string');
  });

  it('a command sleeping past the timeout is killed', async () => {
    const options = script('sleep.py', 'import time\ntime.sleep(30)\n', 1);
    await expect(runExternalChunker('docs/a.md', SOURCE, options, dir)).rejects.toThrow(
      'external chunker `python3 sleep.py` failed on docs/a.md: timed out after 1 s (chunking.timeout)',
    );
  });

  it('a missing program is named', async () => {
    const options = optionsWith({ strategy: 'external', command: ['chunkgate-no-such-program', 'x'] });
    await expect(runExternalChunker('docs/a.md', SOURCE, options, dir)).rejects.toThrow(
      'external chunker `chunkgate-no-such-program x` failed on docs/a.md: command not found: chunkgate-no-such-program',
    );
  });

  it('a script that rewrites whitespace: chunks kept, unlocated ones reported, coverage says how much is held', async () => {
    const options = script('squash.py', 'import json, re, sys\nmd = json.load(sys.stdin)["markdown"]\nparts = [p for p in md.split("\\n\\n") if p.strip()]\nprint(json.dumps({"chunks": [{"text": re.sub(r"\\s+", " ", p).strip()} for p in parts]}))\n');
    const chunks = await runExternalChunker('docs/a.md', SOURCE, options, dir);
    expect(chunks.map((chunk) => chunk.text)).toEqual(['# Title', 'First paragraph here.', 'Second paragraph.']);
    const evaluation = evaluateDocument('docs/a.md', SOURCE, { chunking: options, weights }, chunks);
    // "# Title" (6 non-space) and "Second paragraph." (16) are found; "First paragraph here." (19)
    // is not: coverage = (6 + 16) / 41.
    expect(evaluation.coverage).toBeCloseTo(22 / 41, 9);
    expect(evaluation.chunks[1]!.text).toBe('First paragraph here.');
  });
});

/**
 * The rule fixtures of `fixtures/rules/<tag>/` (markdownlint's way): Markdown files whose
 * expected findings are written in them, in HTML comments on lines of their own.
 *
 * - `<!-- expect: table-split L12, sentence-cut L14 -->`: findings of these tags on these lines
 *   (a finding with no line, such as `page-removed`, is written without one). Every finding the
 *   file gets must be listed — a fixture with no `expect` comment expects none.
 * - `<!-- fixture: {"strategy": "fixed", "max": 200, "unit": "chars"} -->`: chunking settings over
 *   the config's defaults (`tiny` defaults to a tenth of `max`, as in the config); with
 *   `"chunks": ["…", "…"]`, those texts are the chunks, as an external chunker's would be.
 *
 * The comment lines are blanked before the file is checked, so every other line keeps its number.
 * A chunk rule's fixture is one file (`<name>.md`); a change rule's is a pair, `<name>.base.md` and
 * `<name>.head.md`, with the comments in the head file (in the base file when the page is removed).
 */
import type { ExternalChunk } from '../../../src/chunking/presets/external.js';
import type { ChunkingOptions } from '../../../src/types.js';

/** A fixture file read: its Markdown with the comments blanked, what it expects, its chunking settings. */
export interface FixtureFile {
  source: string;
  expected: string[];
  chunking: Partial<ChunkingOptions>;
  /** The chunks of an external chunker (strategy `external`), when the fixture gives them. */
  external?: ExternalChunk[];
}

const EXPECT = /^<!-- expect: (.*?) -->$/;
const SETTINGS = /^<!-- fixture: (\{.*\}) -->$/;

/** Reads the `expect` and `fixture` comments of `text` and blanks their lines. */
export function readFixture(text: string): FixtureFile {
  const expected: string[] = [];
  let chunking: Partial<ChunkingOptions> = {};
  let external: ExternalChunk[] | undefined;
  const lines = text.split('\n').map((line) => {
    const expect = EXPECT.exec(line);
    if (expect) {
      expected.push(...expect[1]!.split(',').map((item) => item.trim()).filter((item) => item !== '' && item !== 'none'));
      return '';
    }
    const settings = SETTINGS.exec(line);
    if (settings) {
      const { chunks, ...rest } = JSON.parse(settings[1]!) as Partial<ChunkingOptions> & { chunks?: string[] };
      chunking = chunks ? { ...rest, strategy: 'external' } : rest;
      external = chunks?.map((text) => ({ text }));
      return '';
    }
    return line;
  });
  return { source: lines.join('\n'), expected: expected.sort(), chunking, ...(external ? { external } : {}) };
}

/** A finding as an `expect` comment writes it: `tag L12`, or `tag` when it has no line. */
export function findingKey(tag: string, line: number | undefined): string {
  return line === undefined ? tag : `${tag} L${line}`;
}

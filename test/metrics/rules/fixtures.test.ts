/**
 * Every rule fixture (`fixtures/rules/<tag>/`, see fixture-file.ts) through the real pipeline:
 * parse, chunk, check and score one file (`analyzeDocument`, `scoreDocument`), or compare a
 * base/head pair the way the engine does (`comparePair`); the findings must be exactly those its
 * `expect` comments list.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/config/schema.js';
import { analyzeDocument, scoreDocument } from '../../../src/engine/evaluate.js';
import { FINDING_TAGS } from '../../../src/shared/finding-rules.js';
import { REGISTRY_TAGS, RULE_TAGS, ruleScope } from '../../../src/shared/rules.js';
import type { ChunkingOptions } from '../../../src/types.js';
import { comparePair } from '../../compare/pair.js';
import { findingKey, readFixture } from './fixture-file.js';

const ROOT = new URL('../../../fixtures/rules/', import.meta.url);
const read = (tag: string, name: string): string => readFileSync(new URL(`${tag}/${name}`, ROOT), 'utf8');

/** The fixtures of each registry tag that has a folder: single files, and pairs by their name. */
const cases = REGISTRY_TAGS.filter((tag) => existsSync(new URL(`${tag}/`, ROOT))).flatMap((tag) => {
  const names = readdirSync(new URL(`${tag}/`, ROOT)).filter((name) => name.endsWith('.md'));
  const singles = names.filter((name) => !/\.(base|head)\.md$/.test(name)).map((name) => ({ tag, name, pair: false }));
  const pairs = [...new Set(names.filter((name) => /\.(base|head)\.md$/.test(name)).map((name) => name.replace(/\.(base|head)\.md$/, '')))].map((name) => ({ tag, name, pair: true }));
  return [...singles, ...pairs];
});

function chunkingOf(settings: Partial<ChunkingOptions>): ChunkingOptions {
  const config = defaultConfig();
  const max = settings.max ?? config.chunking.max;
  return { ...config.chunking, tiny: Math.round(max / 10), ...settings };
}

/** The findings of one fixture file: every issue of every chunk. */
function fileFindings(name: string, text: string): { found: string[]; expected: string[] } {
  const fixture = readFixture(text);
  const config = defaultConfig();
  const analysis = analyzeDocument(`docs/${name}`, fixture.source, { chunking: chunkingOf(fixture.chunking), weights: config.scoring.weights }, fixture.external);
  const found = scoreDocument(analysis).chunks.flatMap((chunk) => chunk.issues.map((issue) => findingKey(issue.tag, issue.line)));
  return { found: found.sort(), expected: fixture.expected };
}

/** The findings of one base/head pair: the section findings of the comparison. */
function pairFindings(tag: string, name: string): { found: string[]; expected: string[] } {
  const side = (which: 'base' | 'head') => (existsSync(new URL(`${tag}/${name}.${which}.md`, ROOT)) ? readFixture(read(tag, `${name}.${which}.md`)) : null);
  const base = side('base');
  const head = side('head');
  const commented = head ?? base!;
  const diff = comparePair(base?.source ?? null, head?.source ?? null, { path: `docs/${name}.md`, chunking: chunkingOf(commented.chunking) });
  return { found: diff.findings.map((finding) => findingKey(finding.kind, finding.line)).sort(), expected: commented.expected };
}

describe('rule fixtures', () => {
  it('every rule that judges a chunk has at least one fixture', () => {
    const covered = new Set(cases.map((item) => item.tag));
    expect(RULE_TAGS.filter((tag) => ruleScope(tag) === 'chunk' && !covered.has(tag))).toEqual([]);
  });

  it('so has every finding of a change that one page pair makes (a retrieval regression needs a corpus and its probes)', () => {
    const covered = new Set(cases.filter((item) => item.pair).map((item) => item.tag));
    expect(FINDING_TAGS.filter((tag) => ruleScope(tag) === 'change' && tag !== 'retrieval-regression' && !covered.has(tag))).toEqual([]);
    expect(covered.has('orphan-heading')).toBe(true);
  });

  it('every fixture expects a finding of its own rule', () => {
    for (const { tag, name, pair } of cases) {
      const commented = pair ? read(tag, existsSync(new URL(`${tag}/${name}.head.md`, ROOT)) ? `${name}.head.md` : `${name}.base.md`) : read(tag, name);
      expect(readFixture(commented).expected.some((key) => key.split(' ')[0] === tag), `${tag}/${name}`).toBe(true);
    }
  });

  it.each(cases.map((item) => [`${item.tag}/${item.name}`, item] as const))('%s: the findings are those its expect comments list', (_, { tag, name, pair }) => {
    const { found, expected } = pair ? pairFindings(tag, name) : fileFindings(name, read(tag, name));
    expect(found).toEqual(expected);
  });
});

describe('readFixture', () => {
  it('blanks the comment lines, so the other lines keep their numbers', () => {
    const fixture = readFixture('<!-- fixture: {"max": 100} -->\n# A\n\ntext\n<!-- expect: tiny-chunk L4, sentence-cut L2 -->\n<!-- expect: page-removed -->\n');
    expect(fixture).toEqual({ source: '\n# A\n\ntext\n\n\n', expected: ['page-removed', 'sentence-cut L2', 'tiny-chunk L4'], chunking: { max: 100 } });
    expect(readFixture('# A\n<!-- expect: none -->\n').expected).toEqual([]);
  });
});

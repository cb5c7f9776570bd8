import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Nodes } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { RULE_TAGS } from '../src/shared/rules.js';
import { MAJOR_TAG, REPOSITORY } from '../src/version.js';
import { runCli } from './helpers/cli.js';

const ROOT = join(import.meta.dirname, '..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const readme = read('README.md');
const actionPage = read('docs/action.md');
const action = parse(read('action.yml')) as {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, unknown>;
  runs: { using: string; main: string };
};

/** The README and every page under docs/ (the rule pages included), as paths from the root. */
const DOCS = ['README.md', ...(readdirSync(join(ROOT, 'docs'), { recursive: true }) as string[]).filter((name) => name.endsWith('.md')).map((name) => join('docs', name))].sort();

/** The text of `text` between the line `start` and the next heading of the same level. */
function section(text: string, start: string): string {
  const from = text.indexOf(`\n${start}\n`);
  expect(from, start).toBeGreaterThanOrEqual(0);
  const level = start.split(' ')[0]!;
  const next = text.indexOf(`\n${level} `, from + start.length + 2);
  return text.slice(from, next < 0 ? undefined : next);
}

const markdown = unified().use(remarkParse).use(remarkGfm);

function walk(node: Nodes, visit: (node: Nodes) => void): void {
  visit(node);
  if ('children' in node) for (const child of node.children) walk(child, visit);
}

/** The anchors of each text already parsed: a page is linked to many times, from itself and the others. */
const anchorsByText = new Map<string, Set<string>>();

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(text: string): Set<string> {
  const known = anchorsByText.get(text);
  if (known) return known;
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  walk(markdown.parse(text), (node) => {
    if (node.type !== 'heading') return;
    const base = toString(node).trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}_\- ]/gu, '').replaceAll(' ', '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  });
  anchorsByText.set(text, anchors);
  return anchors;
}

/** Every link and image target of a Markdown file (code spans and code blocks hold none). */
function targetsOf(text: string): string[] {
  const targets: string[] = [];
  walk(markdown.parse(text), (node) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') targets.push(node.url);
  });
  return targets;
}

describe('README', () => {
  it('is at most 350 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(350);
  });

  it('runs the action on node24 from the committed bundle', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
  });

  it('keeps the two-command quick start', () => {
    const quick = section(readme, '## Quick start');
    const commands = quick.match(/```sh\n([\s\S]*?)```/)![1]!.trim().split('\n');
    expect(commands).toEqual([
      'node dist/cli.js diff --base-dir fixtures/demo/base --head-dir fixtures/demo/head --format md',
      'npm ci && npm test',
    ]);
  });

  it("shows an excerpt of the demo's comment as the quick start prints it", async () => {
    const { code, stdout } = await runCli(['diff', '--base-dir', 'fixtures/demo/base', '--head-dir', 'fixtures/demo/head', '--format', 'md'], { cwd: ROOT });
    expect(code).toBe(1);
    const printed = new Set(stdout.split('\n'));
    const excerpt = section(readme, '## What the comment looks like')
      .split('\n')
      .filter((line) => line.startsWith('> ') && line.length > 2)
      .map((line) => line.slice(2));
    expect(excerpt.length).toBeGreaterThan(5);
    // The comment's headings are shown bold, so the excerpt adds none to the README's outline.
    for (const line of excerpt) {
      const bold = /^\*\*(.+)\*\*$/.exec(line)?.[1];
      if (bold) expect([`## ${bold}`, `### ${bold}`].filter((heading) => printed.has(heading)), line).toHaveLength(1);
      else expect(printed, line).toContain(line);
    }
  });

  it('links every reference page under docs/', () => {
    const pages = readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md'));
    expect(pages).toEqual(expect.arrayContaining(['action.md', 'cli.md', 'config.md', 'fork-safety.md', 'rules.md', 'validity.md']));
    const linked = new Set(targetsOf(readme).map((target) => target.split('#')[0]));
    for (const page of pages) expect(linked, page).toContain(`docs/${page}`);
  });

  it('names as many rules as there are', () => {
    expect(readme).toContain(`findings from ${RULE_TAGS.length} rules`);
  });
});

describe('docs/action.md', () => {
  it('lists exactly the inputs of action.yml', () => {
    const names = section(actionPage, '## Inputs').split('\n').filter((line) => line.startsWith('| `')).map((line) => line.split('`')[1]);
    expect(names).toEqual(Object.keys(action.inputs));
  });

  it('lists exactly the outputs of action.yml', () => {
    const names = section(actionPage, '## Outputs')
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => line.split('|')[1]!.match(/`([^`]+)`/g)!.map((cell) => cell.slice(1, -1)));
    expect(names.sort()).toEqual(Object.keys(action.outputs).sort());
  });
});

describe('the README and docs/', () => {
  it('give every example workflow that holds a write permission persist-credentials: false on actions/checkout', () => {
    type Step = { uses?: string; with?: Record<string, unknown> };
    type Workflow = { on?: unknown; permissions?: unknown; jobs?: Record<string, { permissions?: unknown; steps?: Step[] }> };
    const writes = (permissions: unknown): boolean =>
      typeof permissions === 'string' ? permissions.includes('write') : permissions !== null && typeof permissions === 'object' && Object.values(permissions).some(writes);
    const writing = DOCS.flatMap((file) =>
      [...read(file).matchAll(/^ *```yaml\n([\s\S]*?)^ *```/gm)]
        .map((block) => parse(block[1]!) as Workflow | null)
        .filter((doc): doc is Workflow => doc !== null && typeof doc === 'object' && 'jobs' in doc && 'on' in doc)
        .filter((workflow) => writes(workflow.permissions) || Object.values(workflow.jobs ?? {}).some((job) => writes(job.permissions)))
        .map((workflow) => ({ file, workflow })),
    );
    // The PR workflow (README), the fork-safe pair (fork-safety.md) and the audit (action.md): a test that finds none proves nothing.
    expect(writing.map(({ file }) => file)).toEqual(['README.md', 'docs/action.md', 'docs/fork-safety.md', 'docs/fork-safety.md']);
    for (const { workflow } of writing) {
      const checkouts = Object.values(workflow.jobs!).flatMap((job) => (job.steps ?? []).filter((step) => step.uses?.startsWith('actions/checkout@')));
      expect(checkouts.length).toBeGreaterThan(0);
      for (const step of checkouts) expect(step.with?.['persist-credentials'], JSON.stringify(step)).toBe(false);
    }
  });

  it.each([...DOCS, 'examples/external-chunker/README.md'])('%s: every relative link leads to a file, and every anchor to a heading of it', (file) => {
    const broken: string[] = [];
    for (const target of targetsOf(read(file))) {
      if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto:
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const resolved = path === '' ? file : relative(ROOT, join(ROOT, dirname(file), decodeURIComponent(path)));
      if (resolved.startsWith('..') || !existsSync(join(ROOT, resolved))) {
        broken.push(`${target}: no file ${resolved}`);
        continue;
      }
      if (anchor !== undefined && resolved.endsWith('.md') && statSync(join(ROOT, resolved)).isFile() && !anchorsOf(read(resolved)).has(anchor)) {
        broken.push(`${target}: no heading #${anchor} in ${resolved}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it.each(['action.md', 'cli.md', 'config.md', 'development.md', 'fork-safety.md', 'rules.md', 'scores.md'])('docs/%s opens with a table of contents that lists each of its sections', (page) => {
    const text = read(`docs/${page}`);
    const contents = section(text, '## Contents');
    const listed = [...contents.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1]!);
    // Every level-2 section is listed, in order; level 3 may be listed too.
    const level2 = text
      .split('\n')
      .filter((line) => line.startsWith('## ') && line !== '## Contents')
      .flatMap((line) => [...anchorsOf(line)]);
    expect(level2.length).toBeGreaterThan(0);
    expect(listed.filter((anchor) => level2.includes(anchor))).toEqual(level2);
    for (const anchor of listed) expect(anchorsOf(text), anchor).toContain(anchor);
  });

  it('point at chunkgate only through the repository setting (src/version.ts)', () => {
    const files = [...DOCS, 'CHANGELOG.md', 'action.yml'];
    const found: string[] = [];
    for (const file of files) {
      const text = read(file);
      // `uses: owner/name@v0`, `repository: owner/name, ref: v0`, and links to its pages and schemas.
      for (const match of text.matchAll(/(?:uses: |`)([\w.-]+\/[\w.-]+)@(v\d+)\b/g)) if (!match[1]!.startsWith('actions/')) found.push(`${file}: ${match[1]}@${match[2]}`);
      for (const match of text.matchAll(/repository: ([\w.-]+\/[\w.-]+), ref: (v\d+)/g)) found.push(`${file}: ${match[1]}@${match[2]}`);
      for (const match of text.matchAll(/https:\/\/github\.com\/([\w.-]+\/[\w.-]+)\/blob\/(v\d+)\//g)) found.push(`${file}: ${match[1]}@${match[2]}`);
      for (const match of text.matchAll(/https:\/\/raw\.githubusercontent\.com\/([\w.-]+\/[\w.-]+)\/(v\d+)\//g)) found.push(`${file}: ${match[1]}@${match[2]}`);
      for (const match of text.matchAll(/https:\/\/github\.com\/([\w.-]+\/[\w.-]+)\/(?:compare|releases)\//g)) found.push(`${file}: ${match[1]}@${MAJOR_TAG}`);
    }
    // The workflows, the scan's CLI checkout, the schema lines, the comment excerpt, the changelog's links.
    expect(found.length).toBeGreaterThan(10);
    for (const entry of found) expect(entry.split(': ')[1], entry).toBe(`${REPOSITORY}@${MAJOR_TAG}`);
  });
});

import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startOpenAIDouble, type OpenAIDouble } from '../helpers/openai-double.js';

const base = fileURLToPath(new URL('../../fixtures/retrieval/base', import.meta.url));

async function copyOfBase(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'chunkgate-golden-'));
  await cp(base, dir, { recursive: true });
  return dir;
}

describe('chunkgate golden check', () => {
  it('finds every excerpt of the fixture golden set', async () => {
    const result = await runCli(['golden', 'check'], { cwd: base });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('.chunkgate/golden.yml: 12 queries (A 4 · B 3 · C 2 · D 3), 20 excerpts\nevery excerpt is in the docs\n');
  });

  it('lists stale excerpts and exits 1', async () => {
    const dir = await copyOfBase();
    const auth = await readFile(join(dir, 'docs/auth.md'), 'utf8');
    await writeFile(join(dir, 'docs/auth.md'), auth.replace('a grace period of 24 hours', 'a grace period of 12 hours'));
    const result = await runCli(['golden', 'check'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('1 stale excerpt:\n  rotate  docs/auth.md: passage not in the file: "The old token keeps working for a grace period of 24 hours"');
  });

  it('names the key and line of an invalid golden file and exits 2', async () => {
    const dir = await copyOfBase();
    await writeFile(join(dir, '.chunkgate/golden.yml'), 'queries:\n  - id: q1\n    query: Where?\n    type: E\n    evidence: [{ file: a.md, text: x }]\n');
    const result = await runCli(['golden', 'check'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/golden\.yml:4: queries\[0\]\.type: .*A, B, C, D/);
  });
});

describe('golden set errors', () => {
  it('list the allowed keys for an unknown key, with a "did you mean"', async () => {
    const dir = await copyOfBase();
    await writeFile(join(dir, '.chunkgate/golden.yml'), 'queries:\n  - id: q1\n    qurey: Where?\n    query: Where?\n    type: A\n    evidence: [{ file: a.md, txt: x, text: x }]\n');
    const result = await runCli(['golden', 'check'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('invalid golden set .chunkgate/golden.yml (2 problems):');
    expect(result.stderr).toContain('.chunkgate/golden.yml:3: queries[0].qurey: unknown key "qurey" — did you mean "query"? (allowed: id, query, type, evidence)');
    expect(result.stderr).toContain('.chunkgate/golden.yml:6: queries[0].evidence[0].txt: unknown key "txt" — did you mean "text"? (allowed: file, text)');
    expect(result.stderr).not.toContain('Unrecognized');
  });

  it('name a duplicate id with the query that has it, and diff stops on a typo with the same clear line', async () => {
    const dir = await copyOfBase();
    const query = (id: string, type: string) => `  - id: ${id}\n    query: Where?\n    type: ${type}\n    evidence: [{ file: docs/auth.md, text: token }]\n`;
    await writeFile(join(dir, '.chunkgate/golden.yml'), `queries:\n${query('q1', 'A')}${query('q1', 'A')}`);
    const duplicate = await runCli(['golden', 'check'], { cwd: dir });
    expect(duplicate.code).toBe(2);
    expect(duplicate.stderr).toContain('.chunkgate/golden.yml:6: queries[1].id: unexpected value "q1" (allowed: an id no other query has (queries[0] has it already))');
    // The same file read by diff, from a folder pair: file, line, query index, field and what is allowed.
    const head = await copyOfBase();
    await writeFile(join(dir, '.chunkgate/golden.yml'), `queries:\n${query('q1', 'a')}`);
    await writeFile(join(head, 'docs/auth.md'), `${await readFile(join(head, 'docs/auth.md'), 'utf8')}\nOne more line.\n`);
    const diff = await runCli(['diff', '--base-dir', dir, '--head-dir', head], { cwd: dir });
    expect(diff.code).toBe(2);
    expect(diff.stderr).toContain('chunkgate diff: invalid golden set .chunkgate/golden.yml (1 problem):\n.chunkgate/golden.yml:4: queries[0].type: unexpected value "a" — did you mean "A"? (allowed: one of A, B, C, D)');
    expect(diff.stderr).not.toMatch(/invalid_value|Invalid option|expected one of "A"/);
  });
});

describe('chunkgate golden suggest', () => {
  let double: OpenAIDouble;
  afterEach(() => double.close());

  it('writes verbatim-evidence suggestions to a review file, never the golden set', async () => {
    const answer = {
      queries: [
        { type: 'A', query: 'Which scope publishes packages?', evidence: ['the `publish` scope allows publishing packages'] },
        { type: 'D', query: 'What scope does a rollback need?', evidence: ['The rollback command needs a token with the `deploy` scope.', 'a paraphrase that is not in any file'] },
        { type: 'B', query: 'Made up?', evidence: ['nothing like this exists'] },
      ],
    };
    double = await startOpenAIDouble(() => ({ kind: 'answer', answer }));
    const dir = await copyOfBase();
    const result = await runCli(['golden', 'suggest', 'docs', '--llm-base-url', double.baseURL], { cwd: dir, env: { OPENAI_API_KEY: 'sk-test' } });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('2 suggested queries written to .chunkgate/golden.suggested.yml (2 evidence passages were not verbatim and were left out)');
    const written = await readFile(join(dir, '.chunkgate/golden.suggested.yml'), 'utf8');
    expect(written.startsWith('# Suggested by chunkgate golden suggest')).toBe(true);
    expect(parse(written)).toEqual({
      queries: [
        { id: 'suggested-a-1', type: 'A', query: 'Which scope publishes packages?', evidence: [{ file: 'docs/auth.md', text: 'the `publish` scope allows publishing packages' }] },
        { id: 'suggested-d-1', type: 'D', query: 'What scope does a rollback need?', evidence: [{ file: 'docs/deploy.md', text: 'The rollback command needs a token with the `deploy` scope.' }] },
      ],
    });
    // The docs went to the model inside delimiters, as data.
    expect(double.requests[0]!.body!.messages![1]!.content).toContain('<document path="docs/auth.md">');
    const refused = await runCli(['golden', 'suggest', 'docs', '--out', '.chunkgate/golden.yml', '--llm-base-url', double.baseURL], { cwd: dir, env: {} });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('is the golden set itself');
  });

  it('says in a sentence where the model\'s answer departs from the expected JSON, instead of a zod dump', async () => {
    double = await startOpenAIDouble(() => ({ kind: 'answer', answer: { queries: [{ type: 'E', query: 'Why?', evidence: ['x'] }] } }));
    const dir = await copyOfBase();
    const result = await runCli(['golden', 'suggest', 'docs', '--llm-base-url', double.baseURL], { cwd: dir, env: { OPENAI_API_KEY: 'sk-test' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'chunkgate golden: the model\'s answer does not have the expected shape: queries[0].type: expected one of A, B, C, D, got "E"; expected {"queries": [{"type": "A"|"B"|"C"|"D", "query": "…", "evidence": ["…"]}]}\n',
    );
    double.setScript(() => ({ kind: 'content', content: 'Sure! Here are some queries:' }));
    const prose = await runCli(['golden', 'suggest', 'docs', '--llm-base-url', double.baseURL], { cwd: dir, env: { OPENAI_API_KEY: 'sk-test' } });
    expect(prose.stderr).toContain('the model\'s answer is not JSON (it starts "Sure! Here are some queries:")');
  });
});

// Writes the parts of the rule pages (docs/rules/<tag>.md) and of the rule table in docs/rules.md that
// the rule registry decides: `npm run rule-docs`. The hand-written sections of a page (why the
// problem hurts retrieval, an example before and after) are left as they are. With `--check`
// (CI), writes nothing and fails when a file differs from what the registry makes.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REGISTRY_TAGS } from '../src/shared/rules.js';
import { findingsTableMarkdown, partStart, rulePageParts, rulePagePath, rulesTableMarkdown, withGeneratedPart, type GeneratedPart } from '../src/metrics/rules/rule-docs.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const problems: string[] = [];

const files: Array<{ path: string; parts: ReadonlyArray<readonly [GeneratedPart, string]> }> = [
  ...REGISTRY_TAGS.map((tag) => ({ path: rulePagePath(tag), parts: rulePageParts(tag) })),
  {
    path: 'docs/rules.md',
    parts: [['table', rulesTableMarkdown()] as const, ['findings-table', findingsTableMarkdown()] as const],
  },
];

for (const { path, parts } of files) {
  const committed = await readFile(join(root, path), 'utf8').catch(() => null);
  if (committed === null) {
    problems.push(`${path} is missing: write the page (what the rule detects, why it hurts retrieval, an example before and after) with the markers ${parts.map(([part]) => `"${partStart(part)}"`).join(', ')} and their end lines`);
    continue;
  }
  let text: string | null = committed;
  for (const [part, generated] of parts) {
    text = withGeneratedPart(text, part, generated);
    if (text === null) {
      problems.push(`${path} has no complete "rule-docs:${part}" part: add its start and end markers`);
      break;
    }
  }
  if (text === null || text === committed) continue;
  if (check) problems.push(`${path} is stale: run 'npm run rule-docs' and commit the result`);
  else {
    await writeFile(join(root, path), text);
    console.log(`wrote ${path}`);
  }
}
const pages = (await readdir(join(root, 'docs/rules'))).filter((name) => name.endsWith('.md'));
for (const name of pages) {
  if (!(REGISTRY_TAGS as readonly string[]).includes(name.slice(0, -3))) problems.push(`docs/rules/${name} is the page of no rule: remove it`);
}
for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exitCode = 1;

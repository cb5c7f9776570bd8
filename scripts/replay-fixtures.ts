/**
 * Copies the replay cases the tests use from ../shared/replay into fixtures/replay
 * (docs/development.md#replaying-real-pull-requests), so `npm test` replays them without the
 * shared folder. Each case keeps the replay layout (`<repo>/<commit12>/{base,head}/<path>`,
 * only the files listed) and its row of `commits.tsv`.
 *
 *   npx tsx scripts/replay-fixtures.ts [--root ../shared/replay]
 *
 * Licences and attribution: fixtures/replay/README.md.
 */
import { copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The cases: repository, commit, and the files (base and head paths) each test needs. */
export const CASES: { repo: string; commit: string; files: string[]; why: string }[] = [
  { repo: 'react-dev', commit: '29743d0e4983', files: ['src/content/reference/react/useOptimistic.md'], why: 'real: a new 900-token code example cut into 2 pieces' },
  { repo: 'mkdocs-material', commit: '0c498b434560', files: ['docs/insiders/changelog.md', 'docs/insiders/changelog/index.md'], why: 'real: the H1 of a renamed page deleted (heading lost)' },
  { repo: 'mkdocs-material', commit: 'c44baee78d5c', files: ['docs/setup/adding-a-comment-system.md'], why: 'pre-existing: structural under its minimum on both sides' },
  { repo: 'docsy', commit: 'e1bb6224c8d1', files: ['docsy.dev/content/en/site/readme.md', 'docsy.dev/content/en/project/readme.md'], why: 'rename in folder mode (site/ → project/)' },
  { repo: 'docsy', commit: 'be0a08fe9397', files: ['tasks/0.16/ccr/README.md', 'tests/fixture-site/README.md'], why: 'rename + edit of a page whose table was already split' },
  { repo: 'mkdocs-material', commit: '08aa96104d0e', files: ['docs/plugins/projects.md'], why: 'MkDocs `!!! tip` body read as indented code' },
  { repo: 'mkdocs-material', commit: '8c1ead363095', files: ['docs/setup/adding-a-git-repository.md'], why: 'MkDocs definition list, admonition and tabs read as one indented code block' },
  { repo: 'docsy', commit: '89b1048bbc14', files: ['userguide/content/en/docs/adding-content/shortcodes/index.md'], why: 'Hugo shortcodes; a lead-in kept with its list' },
  { repo: 'astro-docs', commit: 'e2046a01c681', files: ['src/content/docs/zh-cn/guides/environment-variables.mdx'], why: 'Starlight `:::` admonitions in a translation update' },
  { repo: 'docsy', commit: '0cb10f9d46dc', files: ['content/en/blog/_index.md'], why: 'score jitter of a one-chunk page' },
  { repo: 'react-dev', commit: '8d63e0d219a2', files: ['beta/src/content/apis/react/memo.md'], why: 'a stub page that grew from 1 chunk to 10' },
  { repo: 'mkdocs-material', commit: '0a5ab025b5a3', files: ['docs/setup/adding-a-git-repository.md'], why: 'an indented block whose indent fell in the previous chunk' },
  { repo: 'astro-docs', commit: '856e076ba81d', files: ['src/content/docs/en/tutorial/3-components/3.mdx'], why: 'a code fence nested in <Steps> list items' },
  { repo: 'docsy', commit: 'de60b6db6112', files: ['docsy.dev/content/en/project/about/maintainer-notes.md'], why: 'a code fence nested in a list item' },
  { repo: 'react-dev', commit: 'b22c3d686536', files: ['beta/src/pages/learn/index.md'], why: '“Next steps {/*next-steps*/}” reworded to “Next Steps”, anchor kept: the same section' },
  { repo: 'react-dev-large', commit: 'ed20748d8ff8', files: ['beta/src/content/apis/react/useDeferredValue.md'], why: 'new code examples cut in two; the file drops only restate the splits' },
  {
    repo: 'astro-docs-large',
    commit: '5f09c9ff1271',
    files: ['src/content/docs/fr/reference/integrations-reference.mdx'],
    why: '`### SSRManifestCSP` deleted, its fields under `#### SSRManifest.csp`: not a lost heading',
  },
];

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { root: { type: 'string', default: join(repoRoot, '..', 'shared', 'replay') } } });
const target = join(repoRoot, 'fixtures', 'replay');
const rows = new Map<string, string[]>();
for (const { repo, commit, files } of CASES) {
  const source = join(values.root, repo, commit);
  await rm(join(target, repo, commit), { recursive: true, force: true });
  for (const side of ['base', 'head']) {
    for (const file of files) {
      const from = join(source, side, file);
      if (!(await exists(from))) continue;
      await mkdir(dirname(join(target, repo, commit, side, file)), { recursive: true });
      await copyFile(from, join(target, repo, commit, side, file));
    }
  }
  const tsv = (await readFile(join(values.root, repo, 'commits.tsv'), 'utf8')).split('\n');
  const list = rows.get(repo) ?? [tsv[0]!];
  list.push(tsv.find((line) => line.startsWith(commit))!);
  rows.set(repo, list);
}
for (const [repo, lines] of rows) await writeFile(join(target, repo, 'commits.tsv'), `${lines.join('\n')}\n`);
console.log(`${CASES.length} cases copied to ${target}`);

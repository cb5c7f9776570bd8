// The bare-parse baseline of `npm run bench`, as a whole process: finds the Markdown files under
// the folder given (the globs `chunkgate eval` uses), reads them and parses each with exactly the
// stack of src/markdown/parse.ts (remark-parse, remark-frontmatter yaml+toml, remark-gfm, and
// remark-mdx for .mdx with the same fallback to Markdown), and nothing else.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { glob } from 'tinyglobby';
import { unified } from 'unified';

const markdown = unified().use(remarkParse).use(remarkFrontmatter, ['yaml', 'toml']).use(remarkGfm).freeze();
const mdx = unified().use(remarkParse).use(remarkFrontmatter, ['yaml', 'toml']).use(remarkGfm).use(remarkMdx).freeze();

const root = process.argv[2] ?? '.';
const files = (await glob(['**/*.md', '**/*.mdx'], { cwd: root, ignore: ['**/node_modules/**', '**/.*/**'], dot: true })).sort();
let blocks = 0;
for (const path of files) {
  const text = readFileSync(join(root, path), 'utf8');
  let tree;
  if (path.toLowerCase().endsWith('.mdx')) {
    try {
      tree = mdx.parse(text);
    } catch {
      tree = markdown.parse(text);
    }
  } else tree = markdown.parse(text);
  blocks += tree.children.length;
}
process.stdout.write(`${files.length} files, ${blocks} blocks\n`);

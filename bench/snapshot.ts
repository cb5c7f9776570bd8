import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { glob } from 'tinyglobby';
import { parseConfig } from '../src/config/load.js';
import { settingsFor } from '../src/config/resolve.js';
import { evaluateDocument } from '../src/engine/evaluate.js';

const root = join(import.meta.dirname, '..');
const dirs = [join(root, '..', 'shared', 'corpus', 'tauri-docs'), join(root, 'fixtures'), join(root, 'test', 'fixtures')];
const files: { path: string; text: string }[] = [];
for (const dir of dirs) {
  if (!existsSync(dir)) continue;
  for (const p of (await glob(['**/*.md', '**/*.mdx'], { cwd: dir, ignore: ['**/node_modules/**'] })).sort()) files.push({ path: p, text: readFileSync(join(dir, p), 'utf8') });
}
const config = parseConfig('', '(defaults)');
const variants: Record<string, object> = {
  default: {}, chars: { unit: 'chars', max: 1500, min: 100, tiny: 150 }, small: { max: 128, min: 16, tiny: 13, overlap: 20 },
  recursive: { strategy: 'recursive', overlap: 30 }, sentence: { strategy: 'sentence', max: 200 }, fixed: { strategy: 'fixed', max: 100, overlap: 10 },
  deep: { headingLevels: { max: 6 }, max: 256, min: 0 }, cl100k: { tokenizer: 'cl100k_base', max: 300 },
};
const out: Record<string, string> = {};
for (const [name, v] of Object.entries(variants)) {
  for (const f of files) {
    const base = settingsFor(config, f.path);
    const chunking = { ...base.chunking, ...v };
    const ev = evaluateDocument(f.path, f.text, { chunking, weights: config.scoring.weights });
    out[`${name}:${f.path}`] = createHash('sha256').update(JSON.stringify(ev)).digest('hex');
  }
}
const target = process.argv[2]!;
if (existsSync(target) && process.argv[3] === 'check') {
  const before = JSON.parse(readFileSync(target, 'utf8')) as Record<string, string>;
  const diff = Object.keys(before).filter((k) => before[k] !== out[k]);
  console.log(`${Object.keys(out).length} entries, ${diff.length} differ`, diff.slice(0, 20));
} else {
  writeFileSync(target, JSON.stringify(out));
  console.log('wrote', Object.keys(out).length);
}

// The licences of the packages bundled into dist/, for dist/licenses.txt. esbuild drops the
// legal comments from the bundle (legalComments: 'none'), so the licence texts ship beside it.
// Same inputs → same bytes: packages sorted by name and version, paths relative to the root,
// line endings normalised.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// LICENSE, LICENCE.md, license.txt, LICENSE-MIT, COPYING…: whatever the package calls it.
const LICENSE_FILE = /^(?:licen[cs]e|copying)(?:[.-].*)?$/i;

/**
 * The package folder (relative to the root) of a bundled input path, or `null` for our own
 * sources: `node_modules/a/node_modules/@s/b/lib/x.js` → `node_modules/a/node_modules/@s/b`.
 * @param {string} input
 * @returns {string | null}
 */
export function packageDirOf(input) {
  const path = input.replaceAll('\\', '/');
  const at = path.lastIndexOf('node_modules/');
  if (at === -1) return null;
  const parts = path.slice(at + 'node_modules/'.length).split('/');
  const name = parts[0]?.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return name ? `${path.slice(0, at)}node_modules/${name}` : null;
}

/**
 * The text of dist/licenses.txt for the bundled `inputs` (esbuild metafile keys, relative to
 * `root`): one entry per package and version, with its declared licence and the text of its
 * licence file(s), or a line saying it ships none.
 * @param {string} root
 * @param {Iterable<string>} inputs
 * @returns {string}
 */
export function licenseReport(root, inputs) {
  const dirs = new Set();
  for (const input of inputs) {
    const dir = packageDirOf(input);
    if (dir) dirs.add(dir);
  }
  const entries = new Map();
  for (const dir of dirs) {
    const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    const id = `${manifest.name}@${manifest.version}`;
    if (entries.has(id)) continue;
    const files = readdirSync(join(root, dir), { withFileTypes: true })
      .filter((entry) => entry.isFile() && LICENSE_FILE.test(entry.name))
      .map((entry) => entry.name)
      .sort();
    const texts = files.map((name) => readFileSync(join(root, dir, name), 'utf8').replace(/\r\n?/g, '\n').trim());
    const declared = typeof manifest.license === 'string' ? manifest.license : 'not declared';
    const body = texts.length > 0 ? texts.join('\n\n') : `(The package ships no licence file; its package.json declares ${declared}.)`;
    entries.set(id, `${id}\nLicense: ${declared}\n\n${body}\n`);
  }
  const sorted = [...entries.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((id) => entries.get(id));
  const rule = `${'='.repeat(80)}\n`;
  const header = `Third-party software bundled into dist/index.js and dist/cli.js (${sorted.length} packages).\nchunkgate itself is MIT-licensed: see LICENSE.\n\n`;
  return header + sorted.map((entry) => rule + entry).join('\n');
}

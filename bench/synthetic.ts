/**
 * Deterministic synthetic docs for the whole-repo benchmarks (docs/design.md#speed): Markdown shaped like a
 * large docs site (react-native-website: 2,476 files, 19 MB, ~7.7 kB a file) — front matter,
 * heading sections, prose with inline code, links and emphasis, lists, fenced code, tables and
 * admonitions — from a seeded generator, so every machine benchmarks the same bytes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { mulberry32 } from '../src/probes/simulated.js';

/** react-native-website, as the issue measured it. */
export const REACT_NATIVE_WEBSITE = { files: 2476, bytes: 19_000_000 };

/** mulberry32: a small, fast, seeded PRNG (same sequence everywhere), shared with the validity bootstrap. */
export const random = mulberry32;

const COMMON = (
  'the a to of and in is you that it for on with as this are be your can by or an will from at if ' +
  'use when which not but all also more each only then so into than other its these their some any new'
).split(' ');

const SYLLABLES = 'ba be bi bo bu ca co cu da de di do fa fe fi fo ga ge go ha he hi ho ja jo ka ke ki ko la le li lo lu ma me mi mo mu na ne ni no nu pa pe pi po pu ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo za ze zo'.split(' ');

/** A fixed vocabulary of made-up technical words (component, prop and API names alike). */
function vocabulary(rng: () => number, size: number): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const length = 2 + Math.floor(rng() * 3);
    let word = '';
    for (let at = 0; at < length; at += 1) word += SYLLABLES[Math.floor(rng() * SYLLABLES.length)];
    words.add(word);
  }
  return [...words];
}

/** Generates the docs of a synthetic site. */
export class SyntheticDocs {
  private readonly rng: () => number;
  private readonly words: string[];

  constructor(seed = 16) {
    this.rng = random(seed);
    this.words = vocabulary(this.rng, 4000);
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rng() * items.length)]!;
  }

  private word(): string {
    // Zipf-like: common words often, the long tail of the vocabulary rarely.
    if (this.rng() < 0.45) return this.pick(COMMON);
    const rank = Math.floor(this.words.length * this.rng() ** 3);
    return this.words[rank]!;
  }

  private sentence(): string {
    const length = 8 + Math.floor(this.rng() * 16);
    const parts: string[] = [];
    for (let at = 0; at < length; at += 1) {
      const roll = this.rng();
      const word = this.word();
      if (roll < 0.05) parts.push(`\`${word}${this.pick(['()', '', 'Props', '.current'])}\``);
      else if (roll < 0.07) parts.push(`[${word} ${this.word()}](/docs/${this.word()}#${this.word()})`);
      else if (roll < 0.09) parts.push(`**${word}**`);
      else parts.push(word);
    }
    const text = parts.join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)}${this.pick(['.', '.', '.', '.', '?', ':'])}`.replace(/:$/, '.');
  }

  private paragraph(): string {
    const sentences = 2 + Math.floor(this.rng() * 5);
    return Array.from({ length: sentences }, () => this.sentence()).join(' ');
  }

  private list(): string {
    const items = 3 + Math.floor(this.rng() * 4);
    const ordered = this.rng() < 0.3;
    return Array.from({ length: items }, (_, index) => `${ordered ? `${index + 1}.` : '-'} ${this.sentence()}`).join('\n');
  }

  private code(): string {
    const lines = 4 + Math.floor(this.rng() * 16);
    const body = Array.from({ length: lines }, () => {
      const indent = '  '.repeat(Math.floor(this.rng() * 3));
      return `${indent}${this.pick(['const', 'let', 'return', 'import', 'export'])} ${this.word()} = ${this.word()}(${this.word()}, { ${this.word()}: ${Math.floor(this.rng() * 100)} });`;
    });
    return `\`\`\`${this.pick(['js', 'jsx', 'tsx', 'bash', 'json'])}\n${body.join('\n')}\n\`\`\``;
  }

  private table(): string {
    const rows = 3 + Math.floor(this.rng() * 6);
    const header = '| Prop | Type | Default | Description |\n| --- | --- | --- | --- |';
    const body = Array.from({ length: rows }, () => `| \`${this.word()}\` | ${this.pick(['string', 'number', 'bool', 'function', 'object'])} | \`${this.word()}\` | ${this.sentence()} |`);
    return [header, ...body].join('\n');
  }

  private admonition(): string {
    return `:::${this.pick(['note', 'tip', 'warning', 'info'])}\n\n${this.paragraph()}\n\n:::`;
  }

  private block(): string {
    const roll = this.rng();
    if (roll < 0.55) return this.paragraph();
    if (roll < 0.7) return this.list();
    if (roll < 0.85) return this.code();
    if (roll < 0.93) return this.table();
    return this.admonition();
  }

  /** One document of about `bytes` characters. */
  document(title: string, bytes: number): string {
    const parts = [`---\nid: ${title.toLowerCase().replace(/\s+/g, '-')}\ntitle: ${title}\n---`, this.paragraph()];
    let size = parts.join('\n\n').length;
    while (size < bytes) {
      const depth = this.rng() < 0.7 ? '##' : '###';
      const section = [`${depth} ${this.sentence().replace(/[.?]$/, '')}`];
      const blocks = 1 + Math.floor(this.rng() * 4);
      for (let at = 0; at < blocks; at += 1) section.push(this.block());
      const text = section.join('\n\n');
      parts.push(text);
      size += text.length + 2;
    }
    return `${parts.join('\n\n')}\n`;
  }

  /** Paths and texts of a site of `files` documents averaging `bytes / files` characters. */
  *site(files: number, bytes: number): Generator<{ path: string; text: string }> {
    const mean = bytes / files;
    const areas = ['guides', 'components', 'apis', 'architecture', 'blog', 'contributing', 'versioned'];
    for (let index = 0; index < files; index += 1) {
      // Sizes spread like real docs: many short pages, a few long references (mean kept).
      // Sections overshoot the target by half a section on average: aim 12% low to keep the mean.
      const size = Math.max(300, Math.round(0.88 * mean * -Math.log(1 - this.rng() * 0.999)));
      const area = areas[index % areas.length]!;
      const name = `${this.word()}-${index}`;
      yield { path: `docs/${area}/${Math.floor(index / 200)}/${name}.md`, text: this.document(`${this.word()} ${this.word()} ${index}`, size) };
    }
  }
}

/** Writes a synthetic site under `root` and returns its paths (written once per folder and size). */
export function writeSite(root: string, files: number, bytes: number, seed = 16): string[] {
  const paths: string[] = [];
  for (const { path, text } of new SyntheticDocs(seed).site(files, bytes)) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
    paths.push(path);
  }
  return paths;
}

/**
 * The seeded edit families of the edit-level validity harness (docs/validity.md), as pure
 * functions: each takes the page holding a query's evidence and the evidence's span, and
 * returns the edited page, or `null` when the family does not apply to that case.
 *
 * Every edit but `component` keeps the evidence text byte-identical (the truth is about
 * kept text): an edit that would touch it does not apply. `component` replaces the table or list
 * holding the evidence by an MDX component tag, so the evidence leaves the page.
 */
import { mulberry32 } from '../../../src/probes/simulated.js';
import type { Span } from '../../../src/types.js';
import { contentEnd, evidenceSite, extentEnd, hashes, isChinese, lineStart, pageOf, sectionEnd, splice, type EvidenceSite, type Page } from './page.js';

/** Edits likely to make the evidence harder to find. */
export const HARMFUL = ['heading-delete', 'heading-rename', 'heading-insert', 'move', 'component', 'insert-800', 'split-tiny'] as const;
/** Edits likely to leave it as findable as before. */
export const NEUTRAL = ['typo', 'sentence', 'append', 'file-rename', 'swap'] as const;
/** Every family, harmful first. */
export const FAMILIES = [...HARMFUL, ...NEUTRAL] as const;
export type Family = (typeof FAMILIES)[number];

/** Whether a family is one of the likely-neutral ones. */
export function isNeutral(family: Family): boolean {
  return (NEUTRAL as readonly string[]).includes(family);
}

/** One case to edit: the page holding a query's first evidence excerpt. */
export interface EditInput {
  path: string;
  source: string;
  /** The evidence excerpt's span in `source`. */
  span: Span;
  /** Other excerpts of the query on this page: kept byte-identical too (by every family but `component`). */
  keep?: readonly Span[];
  /** The case's seed: the query id (the family is added to it). */
  seed: string;
  /** Prose to insert for `insert-800` (unrelated text of another page: {@link fillerProse}); without it the family does not apply. */
  filler?: string;
}

/** An edited page. */
export interface Edit {
  path: string;
  source: string;
  /** What the edit did, in a few words (for a report's reader). */
  note: string;
}

/** FNV-1a of a string: a 32-bit seed. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < text.length; at++) {
    hash ^= text.charCodeAt(at);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The case's random numbers: {@link mulberry32} seeded by the query id and the family. */
export function caseRandom(seed: string, family: Family): () => number {
  return mulberry32(hashSeed(`${seed}\u0000${family}`));
}

/** One of `items`, drawn with `random`. */
export function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}

/** Words of the edits, per language: unrelated (renamed headings), generic (inserted headings), sentences, appended sections. */
export const WORDS = {
  unrelated: {
    en: ['lantern', 'harbor', 'meadow', 'orchard', 'granite', 'velvet', 'compass', 'willow', 'falcon', 'saffron', 'pebble', 'tundra'],
    zh: ['灯塔', '港湾', '草原', '果园', '花岗岩', '天鹅绒', '罗盘', '柳树', '猎鹰', '藏红花', '鹅卵石', '苔原'],
  },
  generic: {
    en: ['More details', 'Notes', 'Further information', 'Additional notes', 'Details', 'Background', 'In practice', 'Things to know'],
    zh: ['更多细节', '说明', '更多信息', '补充说明', '细节', '背景', '实践中', '须知'],
  },
  sentences: {
    en: [
      'This page is reviewed regularly by the documentation team.',
      'Screenshots on this page may differ slightly from your version.',
      'Feedback on this page is always welcome.',
      'Some of the examples here were shortened for readability.',
    ],
    zh: ['本页面由文档团队定期审阅。', '本页面中的截图可能与你的版本略有不同。', '欢迎对本页面提出反馈。', '为了便于阅读，这里的部分示例有所删减。'],
  },
  appendix: {
    en: [
      {
        title: 'Feedback',
        text:
          'If something on this page is unclear, out of date or simply wrong, please tell us. Open an issue in the documentation repository ' +
          'with a short description of what you expected to find and what you found instead, and include the version you are using. ' +
          'Small fixes such as typos or broken links can go straight into a pull request; larger changes are easier to review when they are discussed first. ' +
        'Every report helps the next reader.',
      },
      {
        title: 'Getting help',
        text:
          'When you are stuck, the community is a good place to start. Search the discussions for your error message first, since many questions ' +
          'have been answered before. If you cannot find an answer, ask a new question and describe your operating system, the versions of the tools ' +
          'you use and the exact steps that lead to the problem, so that others can reproduce it quickly.',
      },
    ],
    zh: [
      {
        title: '反馈',
        text:
          '如果本页面的内容不清楚、已经过时或者存在错误，请告诉我们。你可以在文档仓库中创建一个议题，简要说明你希望找到的内容以及实际看到的内容，' +
          '并注明你正在使用的版本。错别字或失效链接之类的小问题可以直接提交拉取请求；较大的改动最好先讨论，这样更容易审阅。',
      },
      {
        title: '获取帮助',
        text:
          '遇到问题时，社区是一个很好的起点。请先在讨论区中搜索你的错误信息，因为许多问题之前已经有人回答过。如果找不到答案，' +
          '请提出一个新问题，并说明你的操作系统、所用工具的版本以及导致问题的具体步骤，以便其他人能够快速复现。' +
          '附上完整的错误输出也会很有帮助。',
      },
    ],
  },
};
/** Component tags a table or list is replaced by. */
export const COMPONENTS = ['FeatureTable', 'SupportMatrix', 'OptionsList', 'PlatformTable', 'ConfigReference'];

/**
 * Applies `family` to the case; `null` when it does not apply (no heading to delete, no other
 * section to move to, evidence in no table or list, an edit that would touch the evidence…).
 * `parsed`: the page already parsed ({@link pageOf} of the input's path and source).
 */
export function applyEdit(family: Family, input: EditInput, parsed?: Page): Edit | null {
  const page = parsed ?? pageOf(input.path, input.source);
  const site = evidenceSite(page, input.span);
  if (!site) return null;
  const random = caseRandom(input.seed, family);
  const lang = isChinese(input.source) ? 'zh' : 'en';
  const edit = EDITS[family]({ page, site, random, lang, input });
  if (!edit) return null;
  const kept = (span: Span) => edit.source.includes(input.source.slice(span.start, span.end));
  // `component` must lose the evidence; every other family must keep it, and the query's other excerpts, byte for byte.
  if (family === 'component' ? kept(input.span) : !kept(input.span) || !(input.keep ?? []).every(kept)) return null;
  if (family !== 'file-rename' && edit.source === input.source) return null;
  return edit;
}

interface Context {
  page: Page;
  site: EvidenceSite;
  random: () => number;
  lang: 'en' | 'zh';
  input: EditInput;
}

const EDITS: Record<Family, (context: Context) => Edit | null> = {
  'heading-delete': ({ page, site }) => {
    if (site.heading === null) return null;
    const heading = page.blocks[site.heading]!;
    return {
      path: page.path,
      source: splice(page.source, lineStart(page.source, heading.start), extentEnd(page, site.heading), ''),
      note: `deleted heading "${heading.title ?? ''}"`,
    };
  },
  'heading-rename': ({ page, site, random, lang }) => {
    if (site.heading === null) return null;
    const heading = page.blocks[site.heading]!;
    const words = drawDistinct(WORDS.unrelated[lang], 2 + Math.floor(random() * 2), random);
    const title = lang === 'zh' ? words.join('与') : capitalize(words.join(' '));
    return {
      path: page.path,
      source: splice(page.source, heading.start, heading.end, `${hashes(site.depth)} ${title}`),
      note: `renamed heading "${heading.title ?? ''}" to "${title}"`,
    };
  },
  'heading-insert': ({ page, site, random, lang }) => {
    const depth = site.heading === null ? 2 : Math.min(site.depth + 1, 6);
    const title = pick(WORDS.generic[lang], random);
    const heading = `${hashes(depth)} ${title}`;
    const block = page.blocks[site.first]!;
    if (block.kind === 'paragraph' && site.span.start > block.start) {
      const before = page.source.slice(block.start, site.span.start);
      // Between two sentences of the paragraph (not after a line such as `:::tip`).
      const gap = /(?<=[.!?。！？])\s+$/.exec(before);
      if (gap) {
        const at = block.start + gap.index;
        return { path: page.path, source: splice(page.source, at, site.span.start, `\n\n${heading}\n\n`), note: `inserted "${heading}" inside the evidence paragraph` };
      }
    }
    const at = lineStart(page.source, block.start);
    return { path: page.path, source: splice(page.source, at, at, `${heading}\n\n`), note: `inserted "${heading}" before the evidence` };
  },
  move: ({ page, site, random }) => {
    const { blocks, source } = page;
    const targets = blocks.flatMap((block, at) => (block.kind === 'heading' && at !== site.heading ? [at] : []));
    if (targets.length === 0) return null;
    const target = pick(targets, random);
    const end = contentEnd(blocks, target);
    const insertAt = end < blocks.length ? lineStart(source, blocks[end]!.start) : source.length;
    const start = lineStart(source, blocks[site.first]!.start);
    const stop = extentEnd(page, site.last);
    // The target's content must not be the evidence's own place.
    if (insertAt >= start && insertAt <= stop) return null;
    const moved = `${source.slice(start, blocks[site.last]!.end)}\n\n`;
    const atEnd = insertAt === source.length;
    const inserted = atEnd ? `${source.endsWith('\n\n') ? '' : source.endsWith('\n') ? '\n' : '\n\n'}${moved.trimEnd()}\n` : moved;
    const edited = insertAt > stop ? splice(splice(source, insertAt, insertAt, inserted), start, stop, '') : splice(splice(source, start, stop, ''), insertAt, insertAt, inserted);
    return { path: page.path, source: edited, note: `moved the evidence under "${blocks[target]!.title ?? ''}"` };
  },
  component: ({ page, site, random }) => {
    const holders: number[] = [];
    for (let at = site.first; at <= site.last; at++) if (page.blocks[at]!.kind === 'table' || page.blocks[at]!.kind === 'list') holders.push(at);
    if (holders.length === 0) return null;
    const name = pick(COMPONENTS, random);
    let source = page.source;
    for (const at of holders.reverse()) source = splice(source, page.blocks[at]!.start, page.blocks[at]!.end, `<${name} />`);
    return { path: page.path, source, note: `replaced the ${page.blocks[holders[0]!]!.kind} by <${name} />` };
  },
  'insert-800': ({ page, site, input }) => {
    if (!input.filler) return null;
    const at = lineStart(page.source, page.blocks[site.first]!.start);
    return { path: page.path, source: splice(page.source, at, at, `${input.filler.trim()}\n\n`), note: 'inserted unrelated prose before the evidence' };
  },
  'split-tiny': ({ page, site, random, lang }) => {
    const { blocks, source } = page;
    const from = site.heading === null ? 0 : site.heading + 1;
    const to = site.heading === null ? contentEnd(blocks, -1) : contentEnd(blocks, site.heading);
    // Units of the section's own content; the evidence's blocks are one unit (never cut apart).
    const units: number[] = [];
    for (let at = from; at < to; at++) {
      // Content blocks only: a heading lands before a paragraph, a list, a table, code, a quote or a component.
      if (!['paragraph', 'list', 'table', 'code', 'blockquote', 'jsx'].includes(blocks[at]!.kind) && at !== site.first) continue;
      if (at > site.first && at <= site.last) continue;
      units.push(at);
    }
    if (units.length < 2) return null;
    const starts: number[] = [];
    // The first unit stays under the section's heading; then a new heading every 1–2 units.
    for (let at = 1; at < units.length; at += 1 + Math.floor(random() * 2)) starts.push(units[at]!);
    const depth = site.heading === null ? 2 : Math.min(site.depth + 1, 6);
    const titles = drawDistinct(WORDS.generic[lang], starts.length, random);
    let edited = source;
    for (let index = starts.length - 1; index >= 0; index--) {
      const at = lineStart(source, blocks[starts[index]!]!.start);
      edited = splice(edited, at, at, `${hashes(depth)} ${titles[index]!}\n\n`);
    }
    return { path: page.path, source: edited, note: `split the section into ${starts.length + 1} sections` };
  },
  typo: ({ page, site, random, input }) => {
    const words: Span[] = [];
    for (const block of page.blocks) {
      if (!['paragraph', 'list', 'blockquote'].includes(block.kind)) continue;
      if ([site.span, ...(input.keep ?? [])].some((span) => block.end > span.start && block.start < span.end)) continue;
      const text = maskInline(page.source.slice(block.start, block.end));
      for (const match of text.matchAll(/(?<![\w/.@#$%-])[A-Za-z]{5,}(?![\w/@-]|\.\w)/g)) words.push({ start: block.start + match.index, end: block.start + match.index + match[0].length });
    }
    if (words.length === 0) return null;
    const word = pick(words, random);
    const text = page.source.slice(word.start, word.end);
    const places = Array.from({ length: text.length - 3 }, (_, index) => index + 1).filter((at) => text[at] !== text[at + 1]);
    if (places.length === 0) return null;
    const at = pick(places, random);
    const typo = text.slice(0, at) + text[at + 1]! + text[at]! + text.slice(at + 2);
    return { path: page.path, source: splice(page.source, word.start, word.end, typo), note: `typo: "${text}" → "${typo}"` };
  },
  sentence: ({ page, site, random, lang }) => {
    const { blocks } = page;
    const from = site.heading === null ? 0 : site.heading;
    const to = site.heading === null ? contentEnd(blocks, -1) : contentEnd(blocks, site.heading);
    const prose = (text: string) => !/^(?:import|export)\s|^<|:::/.test(text) && /[\p{L}\p{N}.!?。！？)]$/u.test(text);
    const candidates = blocks.flatMap((block, at) => (block.kind === 'paragraph' && (at < from || at >= to) && prose(page.source.slice(block.start, block.end)) ? [block] : []));
    if (candidates.length === 0) return null;
    const block = pick(candidates, random);
    const sentence = pick(WORDS.sentences[lang], random);
    return { path: page.path, source: splice(page.source, block.end, block.end, `${lang === 'zh' ? '' : ' '}${sentence}`), note: `added "${sentence}" in another section` };
  },
  append: ({ page, random, lang }) => {
    const depths = page.blocks.flatMap((block) => (block.kind === 'heading' ? [block.depth!] : []));
    const depth = Math.max(2, Math.min(...depths, 6));
    const section = pick(WORDS.appendix[lang], random);
    const source = page.source.replace(/\s*$/, '');
    return { path: page.path, source: `${source}\n\n${hashes(depth)} ${section.title}\n\n${section.text}\n`, note: `appended section "${section.title}"` };
  },
  'file-rename': ({ page, random }) => {
    const slash = page.path.lastIndexOf('/');
    const dir = slash === -1 ? '' : page.path.slice(0, slash + 1);
    const name = page.path.slice(slash + 1);
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot === -1 ? [name, ''] : [name.slice(0, dot), name.slice(dot)];
    const path = pick([`${dir}archive/${name}`, `${dir}${stem}-guide${ext}`, `${dir}${stem}-overview${ext}`], random);
    return { path, source: page.source, note: `moved to ${path}` };
  },
  swap: ({ page, site, random }) => {
    const { blocks, source } = page;
    const pairs: [number, number, number][] = [];
    for (let first = 0; first < blocks.length; first++) {
      if (blocks[first]!.kind !== 'heading') continue;
      const second = sectionEnd(blocks, first);
      if (second >= blocks.length || blocks[second]!.depth !== blocks[first]!.depth) continue;
      const end = sectionEnd(blocks, second);
      const inside = (from: number, to: number) => site.first >= from && site.last < to;
      const apart = site.last < first || site.first >= end;
      if (apart || inside(first, second) || inside(second, end)) pairs.push([first, second, end]);
    }
    if (pairs.length === 0) return null;
    const [first, second, end] = pick(pairs, random);
    const a = lineStart(source, blocks[first]!.start);
    const b = lineStart(source, blocks[second]!.start);
    const c = end < blocks.length ? lineStart(source, blocks[end]!.start) : source.length;
    const tail = c === source.length ? '\n' : '\n\n';
    const edited = `${source.slice(0, a)}${source.slice(b, c).trimEnd()}\n\n${source.slice(a, b).trimEnd()}${tail}${source.slice(c)}`;
    return { path: page.path, source: edited, note: `swapped "${blocks[first]!.title ?? ''}" and "${blocks[second]!.title ?? ''}"` };
  },
};

/** `count` distinct items of `items` in a seeded order (numbered past the list's length). */
function drawDistinct(items: readonly string[], count: number, random: () => number): string[] {
  const pool = [...items];
  for (let at = pool.length - 1; at > 0; at--) {
    const other = Math.floor(random() * (at + 1));
    [pool[at], pool[other]] = [pool[other]!, pool[at]!];
  }
  return Array.from({ length: count }, (_, index) => (index < pool.length ? pool[index]! : `${pool[index % pool.length]!} ${Math.floor(index / pool.length) + 1}`));
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `text` with inline code, link targets, tags and expressions blanked out (same length): no typo lands in them. */
function maskInline(text: string): string {
  const blank = (match: string) => ' '.repeat(match.length);
  return text
    .replace(/`[^`]*`/g, blank)
    .replace(/\]\([^)]*\)/g, blank)
    .replace(/<[^>]*>/g, blank)
    .replace(/\{[^}]*\}/g, blank)
    .replace(/https?:\/\/\S+/g, blank);
}

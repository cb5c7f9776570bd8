import { diffLines } from 'diff';
import type { FileFinding } from '../../types.js';
import type { FindingInput } from './input.js';
import { sectionCounterparts } from './section-map.js';
import { headingStacks, pathKey } from './sections.js';
import { tokensPerChar } from './size.js';
import { isStandIn, visibleChars } from './visible.js';

/** Options of {@link textRemoved}. */
export interface TextRemovedOptions {
  /** Smallest estimated net loss of a section, in tokens, that is reported (default: `50`). */
  minTokens?: number;
}

interface Section {
  path: string[];
  removed: number;
  /** Head line at the first removal. */
  line: number;
}

const normal = (line: string): string => line.trim().replace(/\s+/g, ' ');

/**
 * `text-removed`: retrievable text that left a section of the Markdown (a table replaced
 * by a component, a section deleted — the score can even go up).
 *
 * A line diff of the two sources; a removed line whose text is added elsewhere moved, it did not
 * leave. Per base section (the heading stack over the line), the text removed minus the text added
 * to the same section in head (text = {@link visibleChars}: markup such as tags, shortcodes and
 * includes does not count), in tokens estimated with the base chunks' tokens-per-character; text
 * added under headings the base did not have (a section split off or renamed) offsets the largest
 * losses first. A heading reworded or translated with its `{#anchor}` or most of its words kept is
 * the same section ({@link sectionCounterparts}): text added under it offsets what left it. Heading lines are left to `heading-lost`. A net loss of at least `minTokens` (default: `50`) is a finding:
 *
 * - the section still exists and gained a line that stands in for content kept elsewhere
 *   ({@link isStandIn}: a self-closing component, a shortcode, an include): severity `high`,
 *   gating — the index no longer sees that text;
 * - otherwise (a section deleted, a passage shortened): severity `low`, not gating — worth a look.
 *
 * Origin `new`. Line: the head line where the text left (the component's line when one replaced it).
 */
export function textRemoved(input: FindingInput, options: TextRemovedOptions = {}): FileFinding[] {
  const { base, head, baseDoc, headDoc } = input;
  if (!base || !head || !baseDoc || !headDoc) return [];
  const minTokens = options.minTokens ?? 50;
  const changes = diffLines(baseDoc.source, headDoc.source, { maxEditLength: 10_000 });
  if (!changes) return [];
  const basePaths = headingStacks(baseDoc);
  const headPaths = headingStacks(headDoc);
  const baseHeadings = new Set(baseDoc.blocks.filter((block) => block.kind === 'heading').map((block) => block.startLine));
  const headHeadings = new Set(headDoc.blocks.filter((block) => block.kind === 'heading').map((block) => block.startLine));
  const frontBase = baseDoc.frontmatter ? baseDoc.source.slice(0, baseDoc.frontmatter.end).split('\n').length : 0;
  const frontHead = headDoc.frontmatter ? headDoc.source.slice(0, headDoc.frontmatter.end).split('\n').length : 0;

  const removed: { line: number; headLine: number; text: string }[] = [];
  const added: { line: number; text: string }[] = [];
  let baseLine = 1;
  let headLine = 1;
  for (const change of changes) {
    const lines = change.value.split('\n');
    if (lines.at(-1) === '') lines.pop();
    for (const text of lines) {
      if (change.removed) removed.push({ line: baseLine++, headLine, text });
      else if (change.added) added.push({ line: headLine++, text });
      else {
        baseLine += 1;
        headLine += 1;
      }
    }
  }
  const addedTexts = new Set(added.map((entry) => normal(entry.text)).filter((text) => text !== ''));
  // A heading reworded or translated with its anchor or most of its words kept is the same section:
  // base sections are keyed by their head counterpart's path.
  const counterparts = sectionCounterparts(baseDoc, headDoc);
  const headKeyOf = (path: readonly string[]): string => pathKey(counterparts.get(pathKey(path)) ?? path);

  const sections = new Map<string, Section>();
  for (const entry of removed) {
    if (entry.line <= frontBase || baseHeadings.has(entry.line) || addedTexts.has(normal(entry.text))) continue;
    const chars = visibleChars(entry.text);
    if (chars === 0) continue;
    const path = basePaths[entry.line] ?? [];
    const key = headKeyOf(path);
    const section = sections.get(key) ?? { path, removed: 0, line: Math.max(1, entry.headLine) };
    section.removed += chars;
    sections.set(key, section);
  }
  if (sections.size === 0) return [];

  const gained = new Map<string, number>();
  const componentLine = new Map<string, number>();
  const headKeys = new Set(headPaths.map(pathKey));
  const baseKeys = new Set(basePaths.map(headKeyOf));
  // Text added under headings the base did not have moved there (a section split or renamed):
  // it offsets what left any section.
  let newSections = 0;
  const removedTexts = new Set(removed.map((entry) => normal(entry.text)));
  for (const entry of added) {
    if (entry.line <= frontHead || headHeadings.has(entry.line) || removedTexts.has(normal(entry.text))) continue;
    const key = pathKey(headPaths[entry.line] ?? []);
    if (baseKeys.has(key)) gained.set(key, (gained.get(key) ?? 0) + visibleChars(entry.text));
    else newSections += visibleChars(entry.text);
    if (isStandIn(entry.text) && !componentLine.has(key)) componentLine.set(key, entry.line);
  }

  // Each side's characters in its own tokens: a translation into a denser script (中文, 日本語) keeps
  // as many tokens in fewer characters.
  const ratio = tokensPerChar(base);
  const headRatio = tokensPerChar(head);
  let newTokens = newSections * headRatio;
  const findings: FileFinding[] = [];
  // Largest losses first take what new sections absorbed, so the result does not depend on map order.
  const losses = [...sections]
    .map(([key, section]) => ({ key, section, net: section.removed * ratio - (gained.get(key) ?? 0) * headRatio }))
    .sort((a, b) => b.net - a.net || a.section.line - b.section.line);
  for (const { key, section, net: before } of losses) {
    const absorbed = Math.min(Math.max(0, before), newTokens);
    newTokens -= absorbed;
    const tokens = Math.round(before - absorbed);
    if (tokens < minTokens) continue;
    const where = section.path.length > 0 ? `“${section.path.at(-1)}”` : 'the text before the first heading';
    const component = headKeys.has(key) ? componentLine.get(key) : undefined;
    const finding: FileFinding =
      component !== undefined
        ? {
            kind: 'text-removed',
            origin: 'new',
            gating: true,
            severity: 'high',
            message: `About ${tokens} tokens of text left ${where}; markup took their place (L${component}), and the index does not read what a component renders`,
            hint: 'keep the text in the Markdown (a table or list the component can read), or index the component’s source too',
            line: component,
            actual: tokens,
          }
        : {
            kind: 'text-removed',
            origin: 'new',
            gating: false,
            severity: 'low',
            message: headKeys.has(key)
              ? `About ${tokens} tokens of text left ${where}`
              : `Section ${where} deleted: about ${tokens} tokens of text left the index`,
            hint: 'check that nothing a reader asks about was lost, or that it lives on another page',
            line: section.line,
            actual: tokens,
          };
    if (section.path.length > 0) finding.headingPath = section.path;
    findings.push(finding);
  }
  return findings;
}

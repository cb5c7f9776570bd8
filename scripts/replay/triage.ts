/**
 * The replay triage: one entry per gating item, labelled `real` (a docs reviewer would hold the
 * merge for it) or `noise`, with a one-line reason. Entries are matched by key (see
 * {@link GatingItem}); `heading` left out matches any heading path of that file and item.
 */
import { parse } from 'yaml';
import { z } from 'zod';
import type { GatingItem } from './items.js';

const entrySchema = z.strictObject({
  repo: z.string().min(1),
  commit: z.string().regex(/^[0-9a-f]{12}$/, 'the commit\'s first 12 hex digits'),
  file: z.string().min(1),
  item: z.string().regex(/^(regression|failure|finding)\/[A-Za-z-]+$/, 'regression/<tag>, failure/<rule> or finding/<kind>'),
  heading: z.string().optional(),
  verdict: z.enum(['real', 'noise']),
  reason: z.string().min(1),
});

/** One triage entry. */
export type TriageEntry = z.infer<typeof entrySchema>;

/** Parses the triage YAML (a list of entries); an invalid entry throws with its index and the field. */
export function parseTriage(text: string, name = 'triage.yml'): TriageEntry[] {
  const result = z.array(entrySchema).safeParse(parse(text) ?? []);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(`${name}: entry ${issue.path.join('.')}: ${issue.message}`);
  }
  return result.data;
}

/** The entry that triages `item`, if any: same repo, commit, file and item, and same heading when the entry names one. */
export function triageOf(item: GatingItem, entries: readonly TriageEntry[]): TriageEntry | undefined {
  return entries.find(
    (entry) =>
      entry.repo === item.repo &&
      entry.commit === item.commit &&
      entry.file === item.file &&
      entry.item === item.item &&
      (entry.heading === undefined || entry.heading === item.heading),
  );
}

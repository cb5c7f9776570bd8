import { z } from 'zod';
import { strict } from '../shared/strict.js';

import { QUERY_TYPES } from '../shared/words.js';

export { QUERY_TYPES, type QueryType } from '../shared/words.js';

const text = (what: string) => z.string({ error: () => what }).trim().min(1, { error: () => what });

/** One expected piece of evidence: a verbatim passage of a docs file (whitespace-insensitive). */
const evidenceSchema = strict({
  file: text('a repository-relative file path'),
  text: text('a verbatim passage of the file'),
});

const querySchema = strict({
  id: z.union([z.string().trim().min(1), z.number().transform(String)], { error: () => 'a unique id' }),
  query: text('the question a user asks'),
  type: z.enum(QUERY_TYPES, { error: () => `one of ${QUERY_TYPES.join(', ')}` }),
  evidence: z.array(evidenceSchema, { error: () => 'a non-empty list of { file, text } excerpts' }).min(1, { error: () => 'a non-empty list of { file, text } excerpts' }),
});

/** The golden set file (`.chunkgate/golden.yml`): queries with their expected evidence. */
export const goldenSchema = strict({
    queries: z.array(querySchema, { error: () => 'a list of { id, query, type, evidence } entries' }).default([]),
    // Editors read it (`$schema: …/golden.schema.json`); chunkgate does not.
    $schema: text('a JSON Schema URL or path').optional(),
}).superRefine((golden, ctx) => {
    const seen = new Map<string, number>();
    golden.queries.forEach((query, index) => {
      const first = seen.get(query.id);
      if (first !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['queries', index, 'id'], message: `an id no other query has (queries[${first}] has it already)` });
      } else seen.set(query.id, index);
    });
  })
  .transform(({ $schema: _, ...golden }) => golden);

export type GoldenSet = z.output<typeof goldenSchema>;
export type GoldenQuery = GoldenSet['queries'][number];

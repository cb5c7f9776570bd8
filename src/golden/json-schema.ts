import { editorSchema, SCHEMA_BASE_URL, type JsonSchema } from '../config/json-schema.js';
import { goldenSchema } from './schema.js';

/** What an editor shows on hover for each key of the golden file (see `editorSchema`). */
const GOLDEN_DESCRIPTIONS: Readonly<Record<string, string>> = {
  $schema: 'The JSON Schema of this file, for editors. chunkgate ignores it.',
  queries: 'The questions your users ask, each with the passages that answer it.',
  'queries[].id': 'A unique id, shown when the query ranks worse.',
  'queries[].query': 'The question, as a user would ask it.',
  'queries[].type': 'A: one point; B: several points in one document; C: several documents; D: multi-hop.',
  'queries[].evidence': 'The passages that answer the query: one chunk should hold each whole.',
  'queries[].evidence[].file': 'The docs file the passage is in, relative to the repository root.',
  'queries[].evidence[].text': 'The passage, verbatim (whitespace-insensitive).',
};

/** The JSON Schema of the golden set (`schema/golden.schema.json`). */
export function goldenJsonSchema(): JsonSchema {
  return editorSchema(goldenSchema, {
    id: `${SCHEMA_BASE_URL}golden.schema.json`,
    title: 'chunkgate golden set (.chunkgate/golden.yml)',
    descriptions: GOLDEN_DESCRIPTIONS,
  });
}

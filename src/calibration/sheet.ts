import { parse as parseCsv } from 'csv-parse/sync';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { LLM_DIMENSIONS } from '../metrics/content/llm/types.js';
import type { LlmDimension } from '../types.js';
import { SCORE_MAX, SCORE_MIN } from '../metrics/content/llm/schema.js';
import type { SampleItem } from './sample.js';

/** Sheet formats: CSV for spreadsheets, YAML for editors. */
export type SheetFormat = 'csv' | 'yaml';

/** One chunk a person scored. */
export interface HumanScore {
  id: string;
  scores: Record<LlmDimension, number>;
}

/** What the person is asked, written at the top of a YAML sheet and in docs/cli.md (Calibrating the judge). */
const SHEET_INSTRUCTIONS = `Score each chunk as the LLM judge does (its rubric), each dimension an integer from ${SCORE_MIN} to ${SCORE_MAX}:
semantic_coherence (one topic), context_self_containment (understandable alone),
information_completeness (no fact, list or table cut), boundary_quality (cut at natural boundaries),
overlap_rationality (overlap with neighbours neither missing nor excessive).
90-100 excellent · 70-89 good, minor flaws · 50-69 noticeable problems · 20-49 severe problems.
Leave all five blank to skip a chunk. Read the file at the given lines for context.`;

const COLUMNS = ['id', 'file', 'lines', 'heading_path', 'text', ...LLM_DIMENSIONS, 'notes'] as const;

/** The sheet for `items`, with the five dimensions left blank for a person to fill in. */
export function writeSheet(items: readonly SampleItem[], format: SheetFormat): string {
  const lines = (item: SampleItem) => `${item.startLine}-${item.endLine}`;
  if (format === 'csv') {
    const rows = items.map((item) => [item.id, item.file, lines(item), item.headingPath.join(' › '), item.text, ...LLM_DIMENSIONS.map(() => ''), '']);
    // OWASP CSV injection: a cell that starts with = + - @ (or their full-width forms), a tab or a
    // CR gets a leading ' so a spreadsheet shows it as text instead of evaluating it.
    return stringifyCsv([[...COLUMNS], ...rows], { escape_formulas: true });
  }
  const chunks = items.map((item) => ({
    id: item.id,
    file: item.file,
    lines: lines(item),
    heading_path: item.headingPath.join(' › '),
    text: item.text,
    scores: Object.fromEntries(LLM_DIMENSIONS.map((name) => [name, null])),
    notes: '',
  }));
  const header = SHEET_INSTRUCTIONS.split('\n').map((line) => `# ${line}`).join('\n');
  return `${header}\n${stringifyYaml({ chunks }, { lineWidth: 0 })}`;
}

/** A row as read, before validation: where it is, its id and the raw dimension values. */
interface RawRow {
  where: string;
  id: unknown;
  values: Record<LlmDimension, unknown>;
}

/**
 * Reads a filled-in sheet. Rows with all five dimensions blank are skipped (`unscored`); every
 * other row needs an id and all five as numbers from 20 to 100.
 *
 * @throws Error listing every problem with its row and column, e.g.
 *   `sheet.csv row 3: boundary_quality "120" is not a number from 20 to 100`.
 */
export function readSheet(text: string, name: string, format: SheetFormat): { scores: HumanScore[]; unscored: number } {
  const raw = format === 'csv' ? csvRows(text, name) : yamlRows(text, name);
  const problems: string[] = [];
  const scores: HumanScore[] = [];
  const seen = new Set<string>();
  let unscored = 0;
  for (const row of raw) {
    const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
    if (LLM_DIMENSIONS.every((name) => blank(row.values[name]))) {
      unscored += 1;
      continue;
    }
    const id = typeof row.id === 'string' ? row.id.trim() : '';
    if (id === '') problems.push(`${row.where}: id is missing (copy the rows of calibrate sample as they are)`);
    else if (seen.has(id)) problems.push(`${row.where}: id ${id} is scored twice`);
    seen.add(id);
    const values = {} as Record<LlmDimension, number>;
    for (const dimension of LLM_DIMENSIONS) {
      const value = row.values[dimension];
      const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
      if (blank(value)) problems.push(`${row.where}: ${dimension} is blank; fill all five dimensions (${SCORE_MIN}–${SCORE_MAX}) or none`);
      else if (!Number.isFinite(number) || number < SCORE_MIN || number > SCORE_MAX) {
        problems.push(`${row.where}: ${dimension} ${JSON.stringify(value)} is not a number from ${SCORE_MIN} to ${SCORE_MAX}`);
      } else values[dimension] = number;
    }
    scores.push({ id, scores: values });
  }
  if (problems.length > 0) throw new Error(`${name}: ${problems.length === 1 ? '1 problem' : `${problems.length} problems`}:\n${problems.join('\n')}`);
  return { scores, unscored };
}

/** The first characters `escape_formulas` guards with a `'` (csv-stringify 6, as OWASP lists them, plus full-width forms). */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);

/** A cell as it was before {@link writeSheet} guarded it: the leading `'` dropped again. */
export function unescapeFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.has(cell.charAt(1)) ? cell.slice(1) : cell;
}

function csvRows(text: string, name: string): RawRow[] {
  let records: Record<string, string>[];
  try {
    records = parseCsv<Record<string, string>>(text, {
      columns: true,
      skip_empty_lines: true,
      bom: true,
      relax_column_count: false,
      cast: (value) => unescapeFormula(value),
    });
  } catch (error) {
    throw new Error(`${name}: not a CSV sheet: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const header = records.length > 0 ? Object.keys(records[0]!) : [];
  const missing = ['id', ...LLM_DIMENSIONS].filter((column) => records.length > 0 && !header.includes(column));
  if (missing.length > 0) throw new Error(`${name}: missing column${missing.length === 1 ? '' : 's'} ${missing.join(', ')} (expected the columns of calibrate sample: ${COLUMNS.join(', ')})`);
  // Row numbers as a spreadsheet shows them: the header is row 1.
  return records.map((record, index) => ({
    where: `${name} row ${index + 2}`,
    id: record.id,
    values: Object.fromEntries(LLM_DIMENSIONS.map((dimension) => [dimension, record[dimension]])) as Record<LlmDimension, unknown>,
  }));
}

function yamlRows(text: string, name: string): RawRow[] {
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    throw new Error(`${name}: not a YAML sheet: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const chunks = data !== null && typeof data === 'object' ? (data as { chunks?: unknown }).chunks : undefined;
  if (!Array.isArray(chunks)) throw new Error(`${name}: expected a mapping with a chunks list, as calibrate sample writes it`);
  return chunks.map((entry: unknown, index) => {
    const item = (entry ?? {}) as { id?: unknown; scores?: Record<string, unknown> | null };
    return {
      where: `${name} chunks[${index}]`,
      id: item.id,
      values: Object.fromEntries(LLM_DIMENSIONS.map((dimension) => [dimension, item.scores?.[dimension]])) as Record<LlmDimension, unknown>,
    };
  });
}

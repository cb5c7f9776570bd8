import { isMap, isNode, isScalar, LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import { ConfigError, type ConfigProblem } from './error.js';
import { problemsFromIssues, type ConfigPath } from './problems.js';
import { configSchema } from './schema.js';
import type { Config } from './types.js';

export { ConfigError, type ConfigProblem } from './error.js';

/**
 * Parses and validates the text of `.chunkgate.yml` (docs/config.md); `fileName` only labels
 * errors. Empty text (or only comments) yields the defaults of {@link configSchema}.
 *
 * Throws a {@link ConfigError} listing every problem with its key, line and allowed
 * values: YAML syntax errors (including duplicate keys and multiple documents), unknown
 * keys (with the closest known key as a suggestion) and out-of-range or mistyped values.
 * Pure: the caller reads the file.
 */
export function parseConfig(text: string, fileName: string): Config {
  return parseYamlWith(configSchema, text, fileName);
}

/**
 * Parses YAML `text` and validates it with a zod `schema`, reporting every problem as
 * {@link parseConfig} does (key, line, allowed values) in a {@link ConfigError}. Shared by
 * every YAML file chunkgate reads (the config, the golden set); `what` names the file in the
 * error's header (default: `config`).
 */
export function parseYamlWith<T>(schema: z.ZodType<T, unknown>, text: string, fileName: string, what = 'config'): T {
  const lineCounter = new LineCounter();
  // YAML 1.1 merge keys (`<<: *defaults`) let users share override blocks.
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, merge: true });
  const lineOf = (offset: number) => lineCounter.linePos(offset).line;
  if (doc.errors.length > 0) {
    // An error found at the end of input (an unclosed bracket or quote) would name the line
    // after the last one; the last line of text is where the user should look.
    const lastLine = text.replace(/\n+$/, '').split('\n').length;
    throw new ConfigError(
      fileName,
      doc.errors.map((error) => ({
        key: '',
        line: Math.min(lineOf(error.pos[0]), lastLine),
        message: `YAML syntax error: ${error.message}`,
      })),
      what,
    );
  }
  let raw: unknown;
  try {
    raw = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    // Only alias abuse (e.g. "billion laughs") gets here.
    throw new ConfigError(fileName, [{ key: '', line: null, message: `YAML error: ${(error as Error).message}` }], what);
  }
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const problems: ConfigProblem[] = problemsFromIssues(result.error.issues, raw, (path, { key }) => locate(doc, lineOf, path, key));
  throw new ConfigError(fileName, problems, what);
}

/** The line of the deepest node of `path` present in the document (the key's line for `key`). */
function locate(doc: Document, lineOf: (offset: number) => number, path: ConfigPath, key: boolean): number | null {
  if (key && path.length > 0) {
    const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1) as unknown[], true);
    const name = String(path[path.length - 1]);
    if (isMap(parent)) {
      const pair = parent.items.find((item) => isScalar(item.key) && String(item.key.value) === name);
      if (isNode(pair?.key) && pair.key.range) return lineOf(pair.key.range[0]);
    }
  }
  for (let depth = path.length; depth >= 0; depth -= 1) {
    const node = depth === 0 ? doc.contents : doc.getIn(path.slice(0, depth) as unknown[], true);
    if (isNode(node) && node.range) return lineOf(node.range[0]);
  }
  return null;
}

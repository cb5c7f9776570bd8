import { z } from 'zod';
import { repositoryRawUrl } from '../version.js';
import { CONFIG_DESCRIPTIONS } from './descriptions.js';
import { configSchema, defaultConfig } from './schema.js';

/** A JSON Schema document (draft-07), as plain JSON. */
export type JsonSchema = { [key: string]: unknown };

/** What {@link editorSchema} adds to the schema zod derives. */
export interface EditorSchemaOptions {
  /** Where the schema is published (`$id`). */
  id: string;
  /** One line naming the file the schema describes. */
  title: string;
  /**
   * Description per key path: `chunking.max`, `overrides[].paths` (`[]` stands for a list
   * item). A path under `overrides[]` falls back to the same path at the top level, so a key
   * shared by both is described once. A `.describe()` in the zod schema wins over the map.
   */
  descriptions: Readonly<Record<string, string>>;
  /**
   * The values chunkgate fills in when a key is left out (the schema parsed from nothing):
   * each becomes the key's `default`, so an editor shows it. Keys whose default depends on
   * another key (`chunking.tiny`) belong in `derived` instead.
   */
  defaults?: unknown;
  /** Key paths left without a `default` (their default is computed from other keys). */
  derived?: readonly string[];
}

/**
 * The JSON Schema an editor uses to complete and check a YAML file that `schema` validates:
 * derived from the zod schema on its input side (what users write), so a key added there
 * shows up here with no other change. On top of what zod derives: a single item is allowed
 * wherever the zod schema turns a string into a one-item list (shorthand), integers lose
 * zod's ±2^53 bounds (noise in an editor), objects lose the uninformative `default: {}`,
 * and every key gets its description and its default from {@link EditorSchemaOptions}.
 * Pure: the same zod schema and options give the same JSON.
 */
export function editorSchema(schema: z.ZodType, options: EditorSchemaOptions): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-07',
    io: 'input',
    unrepresentable: 'throw',
    override: ({ zodSchema, jsonSchema }) => {
      if (isShorthandList(zodSchema)) {
        const list = { ...jsonSchema };
        for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
        Object.assign(jsonSchema, { anyOf: [list.items, list] });
      }
    },
  }) as JsonSchema;
  const root: JsonSchema = { $schema: json.$schema, $id: options.id, title: options.title };
  delete json.$schema;
  visit(json, [], (node, path, alternative) => {
    tidy(node);
    if (alternative) return;
    const key = keyOf(path);
    const description = node.description ?? describe(options.descriptions, key);
    if (description !== undefined && path.length > 0) node.description = description;
    const value = path.length > 0 && !options.derived?.includes(key) ? valueAt(options.defaults, path) : undefined;
    if (value !== undefined && node.default === undefined && !isPlainObject(value)) node.default = value;
  });
  return { ...root, ...json };
}

/** Every key path of `schema` (as {@link EditorSchemaOptions.descriptions} names them), in schema order. */
export function keyPaths(schema: JsonSchema): Array<{ path: string; node: JsonSchema }> {
  const found: Array<{ path: string; node: JsonSchema }> = [];
  visit(schema, [], (node, path, alternative) => {
    if (!alternative && path.length > 0 && path[path.length - 1] !== '[]') found.push({ path: keyOf(path), node });
  });
  return found;
}

/** A zod `preprocess` that turns one item into a list: a pipe from a transform into an array. */
function isShorthandList(schema: z.core.$ZodType): boolean {
  const def = schema._zod.def;
  return def.type === 'pipe' && (def as z.core.$ZodPipeDef).in._zod.def.type === 'transform' && (def as z.core.$ZodPipeDef).out._zod.def.type === 'array';
}

/** Drops zod's safe-integer bounds and the `default: {}` of objects filled in by their keys. */
function tidy(node: JsonSchema): void {
  if (node.maximum === Number.MAX_SAFE_INTEGER) delete node.maximum;
  if (node.minimum === Number.MIN_SAFE_INTEGER) delete node.minimum;
  if (isPlainObject(node.default) && Object.keys(node.default).length === 0) delete node.default;
}

/** `['overrides', '[]', 'paths']` → `overrides[].paths`. */
const keyOf = (path: readonly string[]): string => path.join('.').replaceAll('.[]', '[]');

function describe(descriptions: Readonly<Record<string, string>>, key: string): string | undefined {
  return descriptions[key] ?? (key.startsWith('overrides[].') ? descriptions[key.slice('overrides[].'.length)] : undefined);
}

/**
 * Calls `fn` on every schema node with its key path (`[]` for a list item). The options of an
 * `anyOf` keep their parent's path and are flagged `alternative`: the key is described once, on the parent.
 */
function visit(node: unknown, path: string[], fn: (node: JsonSchema, path: string[], alternative: boolean) => void, alternative = false): void {
  if (!isPlainObject(node)) return;
  fn(node, path, alternative);
  if (isPlainObject(node.properties)) for (const [name, child] of Object.entries(node.properties)) visit(child, [...path, name], fn);
  const items = Array.isArray(node.items) ? node.items : [node.items];
  for (const item of items) visit(item, [...path, '[]'], fn);
  if (Array.isArray(node.anyOf)) for (const option of node.anyOf) visit(option, path, fn, true);
}

function valueAt(value: unknown, path: readonly string[]): unknown {
  let at = value;
  for (const key of path) {
    if (key === '[]' || !isPlainObject(at)) return undefined;
    at = at[key];
  }
  return at;
}

function isPlainObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Where the schemas are published: `schema/` at the major tag of the repository (src/version.ts), moved on every release. */
export const SCHEMA_BASE_URL = repositoryRawUrl('schema/');

/** The JSON Schema of `.chunkgate.yml` (`schema/chunkgate.schema.json`). */
export function configJsonSchema(): JsonSchema {
  return editorSchema(configSchema, {
    id: `${SCHEMA_BASE_URL}chunkgate.schema.json`,
    title: 'chunkgate configuration (.chunkgate.yml)',
    descriptions: CONFIG_DESCRIPTIONS,
    defaults: defaultConfig(),
    derived: ['chunking.tiny'],
  });
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { configJsonSchema, editorSchema, keyPaths, SCHEMA_BASE_URL } from '../../src/config/json-schema.js';
import { parseConfig } from '../../src/config/load.js';
import { goldenJsonSchema } from '../../src/golden/json-schema.js';
import { parseGolden } from '../../src/golden/load.js';

const ROOT = join(import.meta.dirname, '..', '..');
const committed = (name: string): unknown => JSON.parse(readFileSync(join(ROOT, 'schema', name), 'utf8'));

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
addFormats(ajv);
const validConfig = ajv.compile(configJsonSchema());
const validGolden = ajv.compile(goldenJsonSchema());

/** Whether chunkgate accepts the config text. */
const parses = (yaml: string): boolean => {
  try {
    parseConfig(yaml, 'c.yml');
    return true;
  } catch {
    return false;
  }
};

describe('schema/chunkgate.schema.json and schema/golden.schema.json', () => {
  it('are what the zod schemas generate (run `npm run schema` after changing a schema)', () => {
    expect(committed('chunkgate.schema.json')).toEqual(configJsonSchema());
    expect(committed('golden.schema.json')).toEqual(goldenJsonSchema());
  });

  it('describe every key, for the editor hover', () => {
    const undescribed = [...keyPaths(configJsonSchema()), ...keyPaths(goldenJsonSchema())].filter(({ node }) => typeof node.description !== 'string').map(({ path }) => path);
    expect(undescribed).toEqual([]);
  });

  it('carry the defaults chunkgate fills in, except a derived one', () => {
    const properties = (configJsonSchema().properties ?? {}) as Record<string, { properties: Record<string, { default?: unknown }>; default?: unknown }>;
    expect(properties.include!.default).toEqual(['**/*.md', '**/*.mdx']);
    expect(properties.chunking!.properties.max!.default).toBe(512);
    expect(properties.chunking!.properties.min!.default).toBe(64);
    // tiny defaults to round(0.1 × max): no constant default.
    expect(properties.chunking!.properties.tiny).not.toHaveProperty('default');
    expect(properties.thresholds!.properties.structural!.default).toBe(70);
    expect(properties.thresholds!.properties.failOn!.default).toEqual(['threshold']);
    expect(properties.llm!.properties.baseURL!.default).toBeNull();
  });

  // The README's main keys, and every key in docs/config.md.
  it.each([
    ['README.md', '## Configuration'],
    ['docs/config.md', '## The config file'],
  ])('accept the configuration of %s, with its yaml-language-server line', (file, heading) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    expect(text).toContain(heading);
    const section = text.slice(text.indexOf(heading));
    const yaml = /```yaml\n([\s\S]*?)```/.exec(section)![1]!;
    expect(yaml.split('\n')[0]).toBe(`# yaml-language-server: $schema=${SCHEMA_BASE_URL}chunkgate.schema.json`);
    expect(SCHEMA_BASE_URL).toBe('https://raw.githubusercontent.com/chunkgate/chunkgate/v0/schema/');
    expect(validConfig(parse(yaml)), JSON.stringify(validConfig.errors)).toBe(true);
    expect(parses(yaml)).toBe(true);
  });

  // The editor and chunkgate agree on what each line means (rules between keys — min < max,
  // overlap < max — are chunkgate's alone: a JSON Schema cannot compare two values).
  it.each([
    ['$schema', '$schema: ./schema/chunkgate.schema.json\n', true],
    ['a single glob', 'include: "docs/**/*.md"\n', true],
    ['a single failOn value', 'thresholds: { failOn: regression }\n', true],
    ['a preset with library names', 'chunking: { strategy: langchain-markdown, chunkSize: 800, chunkOverlap: 100, frontMatter: strip }\n', true],
    ['weights per metric', 'scoring: { weights: { structural: { boundary_integrity: 2 } } }\n', true],
    ['an override', 'overrides:\n  - paths: docs/api/**\n    chunking: { max: 800 }\n    thresholds: { content: 50 }\n', true],
    ['an unknown key', 'chunkin: { max: 300 }\n', false],
    ['an unknown nested key', 'thresholds: { structual: 80 }\n', false],
    ['an unknown strategy', 'chunking: { strategy: page }\n', false],
    ['max 0', 'chunking: { max: 0 }\n', false],
    ['a fractional max', 'chunking: { max: 2.5 }\n', false],
    ['headingLevels.max 7', 'chunking: { headingLevels: { max: 7 } }\n', false],
    ['a threshold above 100', 'thresholds: { structural: 101 }\n', false],
    ['an empty include', 'include: []\n', false],
    ['an override without paths', 'overrides:\n  - chunking: { max: 800 }\n', false],
    ['frontMatter drop', 'chunking: { frontMatter: drop }\n', false],
    ['a URL that is not one', 'llm: { baseURL: "not a url" }\n', false],
  ])('%s: the schema and chunkgate agree', (_label, yaml, valid) => {
    expect(validConfig(parse(yaml))).toBe(valid);
    expect(parses(yaml)).toBe(valid);
  });

  it('$schema is accepted and dropped: the config chunkgate uses has no such key', () => {
    expect(parseConfig('$schema: ./schema/chunkgate.schema.json\n', 'c.yml')).not.toHaveProperty('$schema');
    expect(() => parseConfig('$schema: 3\n', 'c.yml')).toThrow('c.yml:1: $schema: unexpected value 3 (allowed: a JSON Schema URL or path)');
  });

  it('the golden file: $schema accepted and dropped, queries checked by both', () => {
    const golden = '$schema: ../schema/golden.schema.json\nqueries:\n  - id: ttl\n    type: A\n    query: What is the cache expiry?\n    evidence:\n      - file: docs/cache.md\n        text: Entries expire after 300 seconds.\n';
    expect(validGolden(parse(golden)), JSON.stringify(validGolden.errors)).toBe(true);
    expect(parseGolden(golden, 'g.yml')).toEqual({
      queries: [{ id: 'ttl', type: 'A', query: 'What is the cache expiry?', evidence: [{ file: 'docs/cache.md', text: 'Entries expire after 300 seconds.' }] }],
    });
    const badType = 'queries:\n  - { id: 1, type: E, query: q, evidence: [{ file: a.md, text: t }] }\n';
    expect(validGolden(parse(badType))).toBe(false);
    expect(() => parseGolden(badType, 'g.yml')).toThrow('queries[0].type');
  });
});

describe('editorSchema', () => {
  it('derives keys from zod, allows the single-item shorthand, and merges descriptions and defaults', () => {
    const shorthand = z.preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(z.string()).min(1));
    const schema = z.strictObject({
      size: z.int().min(1).optional(),
      paths: shorthand.optional(),
      level: z.enum(['low', 'high']).default('low').describe('From zod.'),
      nested: z.strictObject({ on: z.boolean().optional() }).prefault({}),
    });
    expect(
      editorSchema(schema, {
        id: 'https://example.test/x.json',
        title: 'x',
        descriptions: { size: 'Size.', paths: 'Paths.', level: 'Not used: zod has one.', nested: 'Nested.', 'nested.on': 'On.' },
        defaults: { size: 3, paths: ['a'], level: 'low', nested: { on: true } },
      }),
    ).toEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: 'https://example.test/x.json',
      title: 'x',
      type: 'object',
      properties: {
        // z.int()'s ±(2^53 − 1) bound is dropped.
        size: { type: 'integer', minimum: 1, description: 'Size.', default: 3 },
        paths: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, minItems: 1 }], description: 'Paths.', default: ['a'] },
        level: { type: 'string', enum: ['low', 'high'], default: 'low', description: 'From zod.' },
        // An object's own default ({}) is dropped; its keys carry theirs.
        nested: { type: 'object', properties: { on: { type: 'boolean', description: 'On.', default: true } }, additionalProperties: false, description: 'Nested.' },
      },
      additionalProperties: false,
    });
  });
});

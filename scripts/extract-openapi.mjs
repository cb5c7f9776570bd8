#!/usr/bin/env node
/**
 * Extracts the GitHub REST operations chunkgate calls from GitHub's published OpenAPI
 * description (the `@octokit/openapi` package) into `fixtures/github-openapi.json`,
 * the contract the loopback GitHub double (`test/helpers/github-double.ts`) validates
 * every request against.
 *
 * Usage: node scripts/extract-openapi.mjs [packageDir] [outFile]
 *   packageDir  directory of an installed `@octokit/openapi` (default: resolved normally)
 *   outFile     (default: `fixtures/github-openapi.json`)
 *
 * The package is ~385 MB, so install it outside the repo:
 *   mkdir -p /tmp/openapi && cd /tmp/openapi && npm init -y && npm i @octokit/openapi@23.0.2
 *   node scripts/extract-openapi.mjs /tmp/openapi/node_modules/@octokit/openapi
 *
 * Every `$ref` is resolved so the fixture is self-contained; prose (`description`,
 * `example(s)`) and vendor extensions are dropped to keep it small. Output is
 * deterministic for a given package version.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The operations chunkgate uses, by GitHub operationId. */
const OPERATIONS = [
  'pulls/list-files',
  'pulls/get',
  'repos/get-content',
  'issues/list-comments',
  'issues/create-comment',
  'issues/update-comment',
  'pulls/list-reviews',
  'pulls/list-review-comments',
  'pulls/create-review',
  'checks/create',
  'checks/update',
  'repos/compare-commits',
  'pulls/list',
  'issues/delete-comment',
  'checks/list-for-ref',
  'checks/list-annotations',
  'pulls/delete-review-comment',
  'pulls/update-review',
];

/** Keys that carry no validation meaning (prose, examples, vendor extensions). */
const DROPPED_KEYS = new Set(['description', 'summary', 'example', 'examples', 'externalDocs', 'title']);

const here = dirname(fileURLToPath(import.meta.url));
function defaultPackageDir() {
  try {
    return dirname(createRequire(import.meta.url).resolve('@octokit/openapi/package.json'));
  } catch {
    console.error(
      '@octokit/openapi is not installed here. Install it outside the repo and pass its directory:\n' +
        '  mkdir -p /tmp/openapi && cd /tmp/openapi && npm init -y && npm i @octokit/openapi@23.0.2\n' +
        '  node scripts/extract-openapi.mjs /tmp/openapi/node_modules/@octokit/openapi',
    );
    process.exit(1);
  }
}
const packageDir = process.argv[2] ? resolve(process.argv[2]) : defaultPackageDir();
const outFile = resolve(process.argv[3] ?? join(here, '..', 'fixtures', 'github-openapi.json'));

const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
// The non-dereferenced file is 13 MB instead of 70 MB; we resolve the few refs we need ourselves.
const specFile = 'generated/api.github.com.json';
const spec = JSON.parse(readFileSync(join(packageDir, specFile), 'utf8'));

/** Follows a local JSON pointer such as `#/components/schemas/simple-user`. */
function lookup(ref) {
  if (!ref.startsWith('#/')) throw new Error(`Unsupported $ref ${ref}`);
  let node = spec;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = node?.[key];
    if (node === undefined) throw new Error(`Unresolvable $ref ${ref}`);
  }
  return node;
}

/**
 * Deep copy with `$ref`s inlined and prose dropped. `title` is only dropped inside schemas
 * where it is a keyword, not where it is a property name (e.g. `output.properties.title`).
 */
function clean(node, seen = [], parentKey = '') {
  if (Array.isArray(node)) return node.map((item) => clean(item, seen, parentKey));
  if (node === null || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string') {
    if (seen.includes(node.$ref)) throw new Error(`Recursive $ref ${node.$ref} cannot be inlined`);
    return clean(lookup(node.$ref), [...seen, node.$ref], parentKey);
  }
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    const isPropertyName = parentKey === 'properties';
    if (!isPropertyName && (DROPPED_KEYS.has(key) || key.startsWith('x-'))) continue;
    out[key] = clean(value, seen, key);
  }
  return out;
}

const operations = {};
for (const [path, item] of Object.entries(spec.paths)) {
  for (const [method, op] of Object.entries(item)) {
    if (!OPERATIONS.includes(op?.operationId)) continue;
    const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => {
      const param = p.$ref ? lookup(p.$ref) : p;
      return {
        name: param.name,
        in: param.in,
        required: param.required === true,
        ...(param['x-multi-segment'] ? { multiSegment: true } : {}),
        schema: clean(param.schema ?? {}),
      };
    });
    const body = op.requestBody?.$ref ? lookup(op.requestBody.$ref) : op.requestBody;
    const bodySchema = body?.content?.['application/json']?.schema;
    operations[op.operationId] = {
      method: method.toUpperCase(),
      path,
      parameters,
      requestBody: bodySchema ? { required: body.required === true, schema: clean(bodySchema) } : null,
      responses: Object.keys(op.responses ?? {}),
    };
  }
}

const missing = OPERATIONS.filter((id) => !operations[id]);
if (missing.length > 0) throw new Error(`Operations not found in ${specFile}: ${missing.join(', ')}`);

const fixture = {
  source: { package: pkg.name, version: pkg.version, file: specFile, openapi: spec.openapi },
  operations: Object.fromEntries(OPERATIONS.map((id) => [id, operations[id]])),
};
const text = `${JSON.stringify(fixture, null, 2)}\n`;
writeFileSync(outFile, text);
console.log(`Wrote ${OPERATIONS.length} operations (${(text.length / 1024).toFixed(1)} KB) to ${outFile}`);

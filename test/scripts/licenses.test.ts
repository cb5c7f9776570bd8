import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { licenseReport, packageDirOf } from '../../scripts/licenses.mjs';

describe('packageDirOf', () => {
  it('finds the innermost package folder of a bundled file, scoped or not; null for our sources', () => {
    expect(packageDirOf('node_modules/zod/v4/core/api.js')).toBe('node_modules/zod');
    expect(packageDirOf('node_modules/@octokit/rest/dist-src/index.js')).toBe('node_modules/@octokit/rest');
    expect(packageDirOf('node_modules/@actions/github/node_modules/@actions/http-client/lib/index.js')).toBe('node_modules/@actions/github/node_modules/@actions/http-client');
    expect(packageDirOf('node_modules\\yaml\\dist\\index.js')).toBe('node_modules/yaml');
    expect(packageDirOf('src/cli/index.ts')).toBeNull();
  });
});

describe('licenseReport', () => {
  const root = mkdtempSync(join(tmpdir(), 'chunkgate-licenses-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('node_modules/zeta/package.json', JSON.stringify({ name: 'zeta', version: '1.0.0', license: 'MIT' }));
  write('node_modules/zeta/LICENSE', 'MIT zeta\r\nline two\r\n');
  write('node_modules/zeta/index.js', '');
  write('node_modules/@s/alpha/package.json', JSON.stringify({ name: '@s/alpha', version: '2.1.0', license: 'Apache-2.0' }));
  write('node_modules/@s/alpha/LICENCE.md', 'Apache alpha\n');
  write('node_modules/@s/alpha/NOTICE', 'not a licence file\n');
  write('node_modules/@s/alpha/lib/a.js', '');
  write('node_modules/bare/package.json', JSON.stringify({ name: 'bare', version: '0.1.0', license: 'ISC' }));
  write('node_modules/bare/index.js', '');
  // The same package and version nested twice is listed once.
  write('node_modules/zeta/node_modules/bare/package.json', JSON.stringify({ name: 'bare', version: '0.1.0', license: 'ISC' }));
  write('node_modules/zeta/node_modules/bare/index.js', '');

  it('lists each bundled package once, sorted, with its licence text or a note that it ships none', () => {
    const inputs = ['src/a.ts', 'node_modules/zeta/index.js', 'node_modules/@s/alpha/lib/a.js', 'node_modules/bare/index.js', 'node_modules/zeta/node_modules/bare/index.js', 'node_modules/zeta/index.js'];
    const rule = '='.repeat(80);
    expect(licenseReport(root, inputs)).toBe(
      [
        'Third-party software bundled into dist/index.js and dist/cli.js (3 packages).',
        'chunkgate itself is MIT-licensed: see LICENSE.',
        '',
        rule,
        '@s/alpha@2.1.0',
        'License: Apache-2.0',
        '',
        'Apache alpha',
        '',
        rule,
        'bare@0.1.0',
        'License: ISC',
        '',
        '(The package ships no licence file; its package.json declares ISC.)',
        '',
        rule,
        'zeta@1.0.0',
        'License: MIT',
        '',
        'MIT zeta\nline two',
        '',
      ].join('\n'),
    );
    // Input order does not matter.
    expect(licenseReport(root, [...inputs].reverse())).toBe(licenseReport(root, inputs));
  });
});

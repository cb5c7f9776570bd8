import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAJOR_TAG, REPOSITORY, REPOSITORY_URL, repositoryFileUrl, repositoryRawUrl, VERSION } from '../src/version.js';

describe('VERSION', () => {
  it('equals package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(VERSION).toBe(pkg.version);
  });
});

describe('the repository setting', () => {
  it('derives the major tag from the version, and the links from the repository and that tag', () => {
    expect(REPOSITORY).toBe('chunkgate/chunkgate');
    expect(MAJOR_TAG).toBe('v0');
    expect(REPOSITORY_URL).toBe('https://github.com/chunkgate/chunkgate');
    expect(repositoryFileUrl('docs/rules/table-split.md')).toBe('https://github.com/chunkgate/chunkgate/blob/v0/docs/rules/table-split.md');
    expect(repositoryRawUrl('schema/')).toBe('https://raw.githubusercontent.com/chunkgate/chunkgate/v0/schema/');
  });
});

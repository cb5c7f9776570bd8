import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseConfig } from '../src/config/load.js';

// The files that make the repository adoptable, read as GitHub reads them.
const read = (path: string): string => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const yaml = (path: string) => parse(read(path)) as Record<string, any>;
const steps = (workflow: Record<string, any>, job: string) => workflow.jobs[job].steps as Array<Record<string, any>>;

describe('repository', () => {
  it('CI runs .ci/run on pushes and pull requests, on Node 20 and 24', () => {
    const ci = yaml('.github/workflows/ci.yml');
    expect(Object.keys(ci.on)).toEqual(expect.arrayContaining(['push', 'pull_request']));
    expect(ci.jobs.ci.strategy.matrix.node).toEqual([20, 24]);
    const ciSteps = steps(ci, 'ci');
    expect(ciSteps.find((step) => String(step.uses).startsWith('actions/setup-node@'))?.with['node-version']).toBe('${{ matrix.node }}');
    expect(ciSteps.at(-1)!.run).toBe('bash .ci/run');
    expect(ci.permissions).toEqual({ contents: 'read' });
  });

  it('dogfoods the action from this checkout on its own docs, with a config chunkgate accepts', () => {
    const dogfood = yaml('.github/workflows/chunkgate.yml');
    expect(Object.keys(dogfood.on)).toEqual(['pull_request', 'merge_group']);
    const action = steps(dogfood, 'docs').find((step) => step.uses === './')!;
    expect(action.with.config).toBe('.github/chunkgate.yml');
    const config = parseConfig(read('.github/chunkgate.yml'), '.github/chunkgate.yml');
    expect(config.include).toContain('README.md');
    expect(config.include.some((glob) => glob.startsWith('fixtures') || glob.startsWith('test'))).toBe(false);
  });

  it('the release workflow moves the major tag with the tag name passed as data', () => {
    const release = yaml('.github/workflows/release.yml');
    expect(release.on.release.types).toEqual(['published']);
    const move = steps(release, 'move-major-tag').at(-1)!;
    expect(move.run).toBe('node scripts/move-major-tag.mjs "$TAG"');
    expect(move.env.TAG).toBe('${{ github.event.release.tag_name }}');
    // No step interpolates event data into a shell script.
    for (const step of steps(release, 'move-major-tag')) expect(String(step.run ?? '')).not.toContain('${{');
  });

  it('Dependabot watches npm and GitHub Actions', () => {
    expect(yaml('.github/dependabot.yml').updates.map((update: { 'package-ecosystem': string }) => update['package-ecosystem'])).toEqual(['npm', 'github-actions']);
  });

  it('ships the MIT licence package.json declares, and a changelog for the current version', () => {
    const manifest = JSON.parse(read('package.json')) as { license: string; version: string; dependencies: Record<string, string> };
    expect(manifest.license).toBe('MIT');
    expect(read('LICENSE')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} /);
    expect(read('CHANGELOG.md')).toContain(`## [${manifest.version}] - `);
    expect(read('CHANGELOG.md')).toContain('## [Unreleased]');
    expect(manifest.dependencies).not.toHaveProperty('@actions/github');
  });

  it('.ci/run lints and checks the schemas, the rule pages and the bundle before testing', () => {
    const run = read('.ci/run');
    const order = ['npm ci', 'npm run typecheck', 'npm run lint', 'npm run knip', 'schema -- --check', 'rule-docs -- --check', 'npm run build', 'npm test'].map((command) => run.indexOf(command));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(existsSync(new URL('../eslint.config.js', import.meta.url))).toBe(true);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const action = parse(readFileSync(new URL('../action.yml', import.meta.url), 'utf8')) as {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, unknown>;
  runs: { using: string; main: string };
};

describe('README', () => {
  it('lists exactly the inputs of action.yml', () => {
    const section = readme.slice(readme.indexOf('### Inputs'), readme.indexOf('### Outputs'));
    const names = section.split('\n').filter((line) => line.startsWith('| `')).map((line) => line.split('`')[1]);
    expect(names).toEqual(Object.keys(action.inputs));
  });

  it('lists exactly the outputs of action.yml', () => {
    const section = readme.slice(readme.indexOf('### Outputs'), readme.indexOf('### Fork pull requests'));
    const names = section
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => line.split('|')[1]!.match(/`([^`]+)`/g)!.map((cell) => cell.slice(1, -1)));
    expect(names.sort()).toEqual(Object.keys(action.outputs).sort());
  });

  it('runs the action on node24 from the committed bundle', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
  });

  it('keeps the two-command quick start', () => {
    const quick = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('## Use it in a workflow'));
    const commands = quick.match(/```sh\n([\s\S]*?)```/)![1]!.trim().split('\n');
    expect(commands).toEqual([
      'node dist/cli.js diff --base-dir fixtures/demo/base --head-dir fixtures/demo/head --format md',
      'npm ci && npm test',
    ]);
  });

  it('gives every example workflow that holds a write permission persist-credentials: false on actions/checkout', () => {
    type Step = { uses?: string; with?: Record<string, unknown> };
    type Workflow = { on?: unknown; permissions?: unknown; jobs?: Record<string, { permissions?: unknown; steps?: Step[] }> };
    const writes = (permissions: unknown): boolean =>
      typeof permissions === 'string' ? permissions.includes('write') : permissions !== null && typeof permissions === 'object' && Object.values(permissions).some(writes);
    const workflows = [...readme.matchAll(/^ *```yaml\n([\s\S]*?)^ *```/gm)]
      .map((block) => parse(block[1]!) as Workflow | null)
      .filter((doc): doc is Workflow => doc !== null && typeof doc === 'object' && 'jobs' in doc && 'on' in doc);
    const writing = workflows.filter((workflow) => writes(workflow.permissions) || Object.values(workflow.jobs ?? {}).some((job) => writes(job.permissions)));
    // The PR workflow, the fork-safe pair and the audit: a test that finds none proves nothing.
    expect(writing).toHaveLength(4);
    for (const workflow of writing) {
      const checkouts = Object.values(workflow.jobs!).flatMap((job) => (job.steps ?? []).filter((step) => step.uses?.startsWith('actions/checkout@')));
      expect(checkouts.length).toBeGreaterThan(0);
      for (const step of checkouts) expect(step.with?.['persist-credentials'], JSON.stringify(step)).toBe(false);
    }
  });
});

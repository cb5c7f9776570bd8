import { describe, expect, it } from 'vitest';
import { forEachOrdered } from '../../src/engine/ordered.js';
import { availableParallelism } from 'node:os';
import { createPool, jobsFor } from '../../src/cli/pool.js';
import { inShard, parseJobs, parseShard } from '../../src/cli/shard.js';
import { parseConfig } from '../../src/config/load.js';
import { CLI_ENTRY } from '../helpers/cli.js';

const chunking = parseConfig('', '(defaults)').chunking;

describe('createPool', () => {
  it('answers tasks on worker threads as in this thread, and reports a task that throws', async () => {
    const task = { kind: 'chunk' as const, path: 'a.md', text: '# A\n\nOne paragraph.\n\n## B\n\nAnother one.\n', chunking };
    const here = createPool(1, CLI_ENTRY);
    const threads = createPool(2, CLI_ENTRY);
    try {
      expect(here.size).toBe(1);
      const expected = await here.run(task);
      const answers = await Promise.all([1, 2, 3, 4, 5].map(() => threads.run(task)));
      for (const answer of answers) expect(answer).toEqual(expected);
      // An unknown strategy name is fine (heading is the fallback), but a non-object chunking throws in the worker.
      await expect(threads.run({ ...task, chunking: null as never })).rejects.toThrow(/TypeError/);
      expect(await threads.run(task)).toEqual(expected);
    } finally {
      await here.close();
      await threads.close();
    }
    await expect(threads.run(task)).rejects.toThrow('the worker pool is closed');
  });
});

describe('forEachOrdered', () => {
  it('hands results over in order with at most `window` in flight, and stops at a failure', async () => {
    let running = 0;
    let most = 0;
    const taken: number[] = [];
    const delays = [30, 5, 20, 1, 10, 2];
    await forEachOrdered(
      delays.map((_, index) => index),
      3,
      async (index) => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, delays[index]));
        running -= 1;
        return index * 10;
      },
      (result) => void taken.push(result),
    );
    expect(taken).toEqual([0, 10, 20, 30, 40, 50]);
    expect(most).toBe(3);
    const seen: number[] = [];
    await expect(
      forEachOrdered([0, 1, 2, 3], 2, async (index) => (index === 2 ? Promise.reject(new Error('boom')) : index), (result) => void seen.push(result)),
    ).rejects.toThrow('boom');
    expect(seen).toEqual([0, 1]);
  });
});

describe('--shard and --jobs', () => {
  it('parse I/N and whole job counts, and name the mistake', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    expect(parseShard(undefined)).toBeUndefined();
    for (const bad of ['0/4', '5/4', '1/0', 'a/b', '1-4', '1/300']) expect(() => parseShard(bad)).toThrow(`Unexpected --shard "${bad}"`);
    expect(parseJobs('3')).toBe(3);
    expect(parseJobs(undefined)).toBeUndefined();
    for (const bad of ['0', '-1', '1.5', 'two']) expect(() => parseJobs(bad)).toThrow(`Unexpected --jobs "${bad}"`);
    // Given, --jobs is at most one thread per file; by default, no worker for fewer than 64 files each.
    expect(jobsFor(10, 4)).toBe(4);
    expect(jobsFor(3, 4)).toBe(3);
    expect(jobsFor(63, undefined)).toBe(1);
    expect(jobsFor(10_000, undefined)).toBe(availableParallelism());
  });

  it('puts every path in exactly one slice, the same one whatever else is in the run', () => {
    const paths = Array.from({ length: 400 }, (_, index) => `docs/section-${index % 7}/page-${index}.md`);
    const counts = [0, 0, 0, 0];
    for (const path of paths) {
      const slices = [1, 2, 3, 4].filter((index) => inShard(path, { index, count: 4 }));
      expect(slices).toHaveLength(1);
      counts[slices[0]! - 1]! += 1;
    }
    // A hash spreads the files: no slice gets less than half its share.
    for (const count of counts) expect(count).toBeGreaterThan(50);
  });
});

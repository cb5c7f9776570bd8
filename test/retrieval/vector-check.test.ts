/**
 * Embedding answers are checked before any distance is computed: every vector of one length
 * (within an answer, across the batches and calls of a run), finite numbers only, a non-zero norm,
 * one vector per input — and a failing provider is named, never a crash.
 */
import { describe, expect, it } from 'vitest';
import { embedAll, embedCached, EmbeddingsFailure, type Embed, type VectorCache } from '../../src/retrieval/embeddings.js';
import { checkVectors, InvalidEmbeddings, vectorIssue, vectorsOfResponse } from '../../src/retrieval/vector-check.js';

/** A cache in a Map, with what was stored. */
function memoryCache(entries: [string, unknown][] = []): VectorCache & { map: Map<string, unknown> } {
  const map = new Map(entries);
  return { map, get: async (key) => map.get(key), set: async (key, value) => void map.set(key, value) };
}

/** An embedder answering each call from `answers` in turn, recording the batches it got. */
function scripted(answers: ((texts: string[]) => unknown)[]): Embed & { calls: string[][] } {
  const calls: string[][] = [];
  const embed = async (texts: string[]) => {
    calls.push(texts);
    const answer = answers[calls.length - 1];
    if (!answer) throw new Error(`unexpected call ${calls.length}`);
    return answer(texts);
  };
  return Object.assign(embed, { calls });
}

const unit = (at: number, length = 3) => Array.from({ length }, (_, index) => (index === at % length ? 1 : 0));

describe('vectorIssue', () => {
  it.each([
    ['a list of numbers', [0.1, -0.2, 3], undefined, null],
    ['not a list', 'abc', undefined, 'is the string "abc", expected a list of numbers'],
    ['null', null, undefined, 'is null, expected a list of numbers'],
    ['empty', [], undefined, 'is empty'],
    ['another length', [1, 2], 3, 'has 2 numbers, expected 3'],
    ['a string inside', [1, '2', 3], undefined, 'holds the string "2" at position 2, expected a finite number'],
    ['null inside (NaN in JSON)', [1, null], undefined, 'holds null at position 2, expected a finite number'],
    ['Infinity (1e999 in JSON)', [1, Infinity], undefined, 'holds Infinity at position 2, expected a finite number'],
    ['all zeros', [0, 0, 0], undefined, 'is all zeros (it has no direction to compare)'],
    ['squares that overflow', [1e200, 1], undefined, 'holds numbers too large to compare (their squares overflow)'],
  ])('%s', (_, vector, dimension, expected) => {
    expect(vectorIssue(vector, dimension)).toBe(expected);
  });
});

describe('checkVectors', () => {
  it('accepts vectors of one positive length, one per text', () => {
    expect(checkVectors([[1, 0], [0, 2]], 2)).toEqual([[1, 0], [0, 2]]);
  });

  it('names the first vector whose length differs from the first one', () => {
    expect(() => checkVectors([[1, 0, 0], [1, 0, 0], [1, 0]], 3)).toThrow(new InvalidEmbeddings('vector 3 of 3 has 2 numbers, expected 3 (as vector 1)'));
  });

  it('holds the run to the length earlier answers had', () => {
    expect(() => checkVectors([[1, 0]], 1, 3)).toThrow('vector 1 of 1 has 2 numbers, expected 3 (as earlier vectors of this model in this run)');
  });

  it('wants one vector per text', () => {
    expect(() => checkVectors([[1, 0]], 2)).toThrow('the answer holds 1 vectors for 2 texts');
    expect(() => checkVectors(undefined, 2)).toThrow('the answer is missing, expected a list of 2 vectors');
  });

  it('names an empty, zero or non-finite vector', () => {
    expect(() => checkVectors([[1], []], 2)).toThrow('vector 2 of 2 is empty');
    expect(() => checkVectors([[0, 0]], 1)).toThrow('vector 1 of 1 is all zeros');
    expect(() => checkVectors([[1, Number.NaN]], 1)).toThrow('vector 1 of 1 holds NaN at position 2');
  });
});

describe('vectorsOfResponse', () => {
  it('orders the embeddings by index', () => {
    const body = { data: [{ index: 1, embedding: [0, 1] }, { index: 0, embedding: [1, 0] }] };
    expect(vectorsOfResponse(body, 2)).toEqual([[1, 0], [0, 1]]);
  });

  it('takes items without indexes in order', () => {
    expect(vectorsOfResponse({ data: [{ embedding: [1] }, { embedding: [2] }] }, 2)).toEqual([[1], [2]]);
  });

  it('refuses an answer without a data list, with another count, or with indexes that do not name each input once', () => {
    expect(() => vectorsOfResponse('<html>', 1)).toThrow('the answer is the string "<html>", expected an object with a "data" list of embeddings');
    expect(() => vectorsOfResponse({ data: [{ index: 0, embedding: [1] }] }, 2)).toThrow('the answer holds 1 embeddings for 2 texts');
    expect(() => vectorsOfResponse({ data: [{ index: 0, embedding: [1] }, { index: 0, embedding: [2] }] }, 2)).toThrow(
      'embedding 2 of 2 has index 0, expected each of 0…1 once',
    );
    expect(() => vectorsOfResponse({ data: [{ index: 0, embedding: [1] }, { embedding: [2] }] }, 2)).toThrow('embedding 2 of 2 has index missing');
  });
});

describe('embedAll', () => {
  it('fails a batch whose vectors have mixed lengths, and sends no batch after it', async () => {
    const embed = scripted([(texts) => texts.map((_, index) => (index === 1 ? [1, 0] : [1, 0, 0]))]);
    const cache = memoryCache();
    const result = await embedAll(['a', 'b', 'c', 'd'], embed, cache, { model: 'm', batchSize: 2 });
    expect(embed.calls).toEqual([['a', 'b']]);
    expect(result.vectors.size).toBe(0);
    expect(result.failed.get('a')).toBe('invalid answer: vector 2 of 2 has 2 numbers, expected 3 (as vector 1)');
    expect(result.failed.get('c')).toBe('not sent after an earlier request failed (invalid answer: vector 2 of 2 has 2 numbers, expected 3 (as vector 1))');
    // Nothing invalid reaches the cache.
    expect(cache.map.size).toBe(0);
  });

  it('holds later batches to the first batch length', async () => {
    const embed = scripted([(texts) => texts.map((_, index) => unit(index)), (texts) => texts.map(() => [1, 1])]);
    const result = await embedAll(['a', 'b', 'c'], embed, memoryCache(), { model: 'm', batchSize: 2 });
    expect([...result.vectors.keys()]).toEqual(['a', 'b']);
    expect(result.failed).toEqual(new Map([['c', 'invalid answer: vector 1 of 1 has 2 numbers, expected 3 (as earlier vectors of this model in this run)']]));
  });

  it('holds later calls of a run to the length of earlier ones (shared dimensions)', async () => {
    const dimensions = new Map<string, number>();
    const first = await embedAll(['a'], scripted([() => [[1, 0, 0]]]), memoryCache(), { model: 'm', dimensions });
    expect(first.failed.size).toBe(0);
    const second = await embedAll(['b'], scripted([() => [[1, 0]]]), memoryCache(), { model: 'm', dimensions });
    expect(second.failed.get('b')).toContain('has 2 numbers, expected 3');
    // Another model has a length of its own.
    const other = await embedAll(['b'], scripted([() => [[1, 0]]]), memoryCache(), { model: 'n', dimensions });
    expect(other.failed.size).toBe(0);
  });

  it('turns a provider error into the reason of its texts', async () => {
    const embed = scripted([() => Promise.reject(new Error('HTTP 500 (double says 500)'))]);
    const result = await embedAll(['a', 'b'], embed, memoryCache(), { model: 'm' });
    expect(result.failed).toEqual(new Map([['a', 'HTTP 500 (double says 500)'], ['b', 'HTTP 500 (double says 500)']]));
  });

  it('reads an invalid cache entry as a miss, and re-embeds entries of another length than the fresh vectors', async () => {
    const key = async (text: string) => {
      const { createHash } = await import('node:crypto');
      return createHash('sha256').update('m').update('\0').update(text).digest('hex');
    };
    const cache = memoryCache([
      [await key('zero'), [0, 0, 0]],
      [await key('old'), [1, 0]],
      [await key('good'), [0, 0, 1]],
    ]);
    const embed = scripted([(texts) => texts.map((_, index) => unit(index)), (texts) => texts.map(() => [0, 1, 0])]);
    const result = await embedAll(['zero', 'new', 'old', 'good'], embed, cache, { model: 'm' });
    expect(embed.calls).toEqual([['zero', 'new'], ['old']]);
    expect(result.failed.size).toBe(0);
    expect(result.vectors).toEqual(
      new Map([
        ['zero', [1, 0, 0]],
        ['new', [0, 1, 0]],
        ['old', [0, 1, 0]],
        ['good', [0, 0, 1]],
      ]),
    );
    expect(cache.map.get(await key('old'))).toEqual([0, 1, 0]);
  });
});

describe('embedCached', () => {
  it('throws an EmbeddingsFailure naming the step, the provider and the model', async () => {
    const embed = scripted([() => [[0, 0]]]);
    const failure = embedCached(['a'], embed, memoryCache(), { model: 'text-embedding-3-small', provider: '127.0.0.1:9', step: 'embedding 1 chunk of the base docs for golden-set retrieval' });
    await expect(failure).rejects.toThrow(EmbeddingsFailure);
    await expect(failure).rejects.toThrow(
      'embedding 1 chunk of the base docs for golden-set retrieval failed (embeddings provider 127.0.0.1:9, model text-embedding-3-small): invalid answer: vector 1 of 1 is all zeros (it has no direction to compare)',
    );
  });
});

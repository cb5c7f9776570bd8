import { createHash } from 'node:crypto';
import pLimit from 'p-limit';
import { askModel } from '../metrics/content/llm/ask.js';
import type { JudgeCache, JudgeMessage, JudgeProvider } from '../metrics/content/llm/types.js';
import { estimateUsd, type TokenPrices } from '../metrics/content/llm/pricing.js';
import type { Cost } from '../types.js';

/** What a question is written about: a passage's text under its headings. */
export interface QuestionSubject {
  headingPath: readonly string[];
  text: string;
}

/** What {@link writeQuestions} needs besides the provider and the cache. */
export interface QuestionInput {
  subjects: readonly QuestionSubject[];
  model: string;
  /** Requests in flight at once (below 1: `1`). */
  maxConcurrency: number;
  /** Time budget of one request, retries included, in ms (`0` or less: no limit). */
  timeoutMs: number;
  /** Most passages per request (default: `8`). */
  batchSize?: number;
  /** USD per 1M tokens, overriding gpt-tokenizer's model data. */
  prices?: TokenPrices;
}

/** What {@link writeQuestions} wrote. */
export interface QuestionResult {
  /** One question per subject answered, by {@link subjectKey}. */
  questions: Map<string, string>;
  /** The judge's cost fields: `judgedChunks` counts passages sent, `cacheHits` passages read from the cache. */
  cost: Cost;
  /** Subjects left without a question (the request failed or the answer left them out): their offline probes stand alone. */
  failed: number;
  /** Why requests failed, one `"<code>: <detail>"` each. */
  reasons: string[];
}

/** Version of the prompt below: part of every cache key, so a changed prompt asks again. */
const QUESTION_PROMPT_VERSION = 'probe-question/1';

/** Longest passage text sent, in characters: a question needs the gist, not a whole table. */
const MAX_SUBJECT_CHARS = 2000;

/** The content key of a subject: its headings and text (no path: a moved page asks nothing again). */
export function subjectKey(subject: QuestionSubject): string {
  return createHash('sha256').update(JSON.stringify([subject.headingPath, subject.text])).digest('hex');
}

/** The cache key of a subject's question: the content key, the model and the prompt version. */
function questionCacheKey(subject: QuestionSubject, model: string): string {
  return createHash('sha256').update(JSON.stringify(['chunkgate-probe-question/1', QUESTION_PROMPT_VERSION, model, subjectKey(subject)])).digest('hex');
}

/** The answer's shape, sent as a strict JSON schema. */
const QUESTION_SCHEMA = {
  name: 'probe_questions',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['questions'],
    properties: {
      questions: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'question'],
          properties: { id: { type: 'integer' }, question: { type: 'string' } },
        },
      },
    },
  },
} as const;

/** The messages asking for one question per subject of a batch, subjects numbered from 0. */
export function questionMessages(subjects: readonly QuestionSubject[]): JudgeMessage[] {
  const listed = subjects.map((subject, id) => ({ id, headings: subject.headingPath.join(' › '), text: subject.text.slice(0, MAX_SUBJECT_CHARS) }));
  return [
    {
      role: 'system',
      content: [
        'You write search questions to test a documentation search engine.',
        'For each passage, write the one question a reader would ask the docs chatbot that this passage answers.',
        'Write as a reader who has not seen the passage: plain words, at most 20 words, no quotes from it longer than a name.',
        'Answer with JSON: {"questions": [{"id": <the passage id>, "question": "..."}]}, one entry per passage.',
      ].join('\n'),
    },
    { role: 'user', content: JSON.stringify({ passages: listed }) },
  ];
}

/**
 * One LLM-written question per subject, as a reader would ask it (retrieval probes closer to real
 * questions than terms drawn from the passage). Questions are cached by content, model and prompt
 * version; misses go in batches, at most `maxConcurrency` requests in flight, each aborted after
 * `timeoutMs`. Nothing throws for a failing provider or cache: a subject without a question keeps
 * its offline probes, and the result counts it.
 */
export async function writeQuestions(input: QuestionInput, provider: JudgeProvider, cache: JudgeCache): Promise<QuestionResult> {
  const cost: Cost = { calls: 0, judgedChunks: 0, cacheHits: 0, promptTokens: 0, completionTokens: 0, usd: 0 };
  const questions = new Map<string, string>();
  const reasons: string[] = [];
  const unique = new Map<string, QuestionSubject>();
  for (const subject of input.subjects) unique.set(subjectKey(subject), subject);
  const misses: [string, QuestionSubject][] = [];
  const reads = pLimit(16);
  await Promise.all(
    [...unique].map(([key, subject]) =>
      reads(async () => {
        const cached = await Promise.resolve()
          .then(() => cache.get(questionCacheKey(subject, input.model)))
          .catch(() => undefined);
        if (typeof cached === 'string' && cached.trim() !== '') {
          questions.set(key, cached);
          cost.cacheHits += 1;
        } else misses.push([key, subject]);
      }),
    ),
  );
  // Batches in input order, whatever order the cache answered in.
  const order = new Map([...unique.keys()].map((key, at) => [key, at]));
  misses.sort((a, z) => order.get(a[0])! - order.get(z[0])!);
  const size = Math.max(1, Math.floor(input.batchSize ?? 8));
  const batches: [string, QuestionSubject][][] = [];
  for (let at = 0; at < misses.length; at += size) batches.push(misses.slice(at, at + size));
  const requests = pLimit(Math.max(1, Math.floor(input.maxConcurrency) || 1));
  const writes: Promise<unknown>[] = [];
  await Promise.all(
    batches.map((batch) =>
      requests(async () => {
        cost.calls += 1;
        cost.judgedChunks += batch.length;
        const outcome = await askModel(provider, { model: input.model, messages: questionMessages(batch.map(([, subject]) => subject)), schema: QUESTION_SCHEMA, timeoutMs: input.timeoutMs });
        cost.promptTokens += outcome.promptTokens;
        cost.completionTokens += outcome.completionTokens;
        if ('reason' in outcome) {
          reasons.push(outcome.reason);
          return;
        }
        for (const [id, question] of parseQuestions(outcome.content, batch.length)) {
          const [key, subject] = batch[id]!;
          questions.set(key, question);
          writes.push(
            Promise.resolve()
              .then(() => cache.set(questionCacheKey(subject, input.model), question))
              .catch(() => undefined),
          );
        }
      }),
    ),
  );
  await Promise.all(writes);
  cost.usd = estimateUsd(input.model, cost, input.prices ? { prices: input.prices } : {});
  return { questions, cost, failed: unique.size - questions.size, reasons };
}

/** The questions of an answer by subject id: ids in range, each once, a non-empty question of at most 300 characters. */
export function parseQuestions(content: string, subjects: number): Map<number, string> {
  const found = new Map<number, string>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return found;
  }
  const list = parsed !== null && typeof parsed === 'object' ? (parsed as { questions?: unknown }).questions : undefined;
  if (!Array.isArray(list)) return found;
  for (const entry of list) {
    if (entry === null || typeof entry !== 'object') continue;
    const { id, question } = entry as { id?: unknown; question?: unknown };
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id >= subjects || found.has(id)) continue;
    if (typeof question !== 'string') continue;
    const text = question.replace(/\s+/g, ' ').trim();
    if (text !== '' && text.length <= 300) found.set(id, text);
  }
  return found;
}

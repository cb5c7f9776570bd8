/**
 * LLM-written probe questions end to end: writeQuestions → createOpenAIProvider (the real
 * `openai` client) → the loopback OpenAI double; and the questions joining a passage's probes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseQuestions, questionMessages, subjectKey, writeQuestions, type QuestionSubject } from '../../src/probes/questions.js';
import { runProbes, type ProbeFile } from '../../src/probes/run.js';
import { questionsFor } from '../../src/sources/llm.js';
import { parseConfig } from '../../src/config/load.js';
import { createOpenAIProvider } from '../../src/sources/openai.js';
import type { Chunk } from '../../src/types.js';
import { startOpenAIDouble, type OpenAIDouble } from '../helpers/openai-double.js';

let double: OpenAIDouble;
beforeEach(async () => {
  double = await startOpenAIDouble();
});
afterEach(async () => {
  await double.close();
});

const provider = () => createOpenAIProvider({ apiKey: 'test-key', baseURL: double.baseURL, maxRetries: 0, timeoutMs: 5_000 });

/** An in-memory cache that counts its writes. */
function memoryCache() {
  const entries = new Map<string, unknown>();
  return {
    entries,
    async get(key: string) {
      return entries.get(key);
    },
    async set(key: string, value: unknown) {
      entries.set(key, value);
    },
  };
}

/** The passages a request listed, from its user message. */
const listed = (n: number) => (JSON.parse(double.requests[n]!.body!.messages![1]!.content) as { passages: { id: number; headings: string; text: string }[] }).passages;

const subjects: QuestionSubject[] = [
  { headingPath: ['Keys', 'Rotation'], text: 'Rotate the signing keys every ninety days with the vault command.' },
  { headingPath: ['Keys'], text: 'Keys live in the vault; nobody copies them to a laptop.' },
  { headingPath: ['Backups'], text: 'Backups run nightly and are kept for thirty days.' },
];

describe('writeQuestions', () => {
  it('asks in batches with a strict schema, keeps one question per passage, and reads them back from the cache', async () => {
    double.setScript((request) => {
      const ids = (JSON.parse(request.body!.messages![1]!.content) as { passages: { id: number }[] }).passages.map((passage) => passage.id);
      return { kind: 'answer', answer: { questions: ids.map((id) => ({ id, question: ` How often   should question ${id} be asked? ` })) } };
    });
    const cache = memoryCache();
    const input = { subjects: [...subjects, subjects[0]!], model: 'gpt-4o-mini', maxConcurrency: 1, timeoutMs: 5_000, batchSize: 2 };
    const first = await writeQuestions(input, provider(), cache);
    // Three distinct passages (one repeated), two per request: two requests, in input order.
    expect(double.requests).toHaveLength(2);
    expect(listed(0).map((passage) => passage.headings)).toEqual(['Keys › Rotation', 'Keys']);
    expect(listed(1).map((passage) => [passage.id, passage.text])).toEqual([[0, subjects[2]!.text]]);
    expect(double.requests[0]!.body!.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'probe_questions', strict: true } });
    // Whitespace folded; each batch numbers its passages from 0.
    expect(first.questions.get(subjectKey(subjects[0]!))).toBe('How often should question 0 be asked?');
    expect(first.questions.get(subjectKey(subjects[2]!))).toBe('How often should question 0 be asked?');
    expect(first.cost).toMatchObject({ calls: 2, judgedChunks: 3, cacheHits: 0, promptTokens: 2000, completionTokens: 400 });
    expect(first.failed).toBe(0);
    expect(cache.entries.size).toBe(3);
    const again = await writeQuestions(input, provider(), cache);
    expect(double.requests).toHaveLength(2);
    expect(again.questions).toEqual(first.questions);
    expect(again.cost).toMatchObject({ calls: 0, cacheHits: 3 });
    // Another model asks again.
    await writeQuestions({ ...input, model: 'gpt-4o' }, provider(), cache);
    expect(double.requests).toHaveLength(4);
  });

  it('a failing request or an answer that leaves passages out costs their questions, never the run', async () => {
    double.setScript((_request, n) => (n === 0 ? { kind: 'status', status: 500 } : { kind: 'answer', answer: { questions: [{ id: 0, question: 'Where do backups go?' }] } }));
    const result = await writeQuestions({ subjects, model: 'gpt-4o-mini', maxConcurrency: 1, timeoutMs: 5_000, batchSize: 2 }, provider(), memoryCache());
    expect([...result.questions.values()]).toEqual(['Where do backups go?']);
    expect(result.failed).toBe(2);
    // The judge's wording: the status, then the server's message.
    expect(result.reasons).toEqual([expect.stringMatching(/^http-error: HTTP 500 \(/)]);
  });

  it('parseQuestions keeps ids in range, each once, with a question of 1–300 characters', () => {
    const answer = JSON.stringify({ questions: [{ id: 0, question: 'A?' }, { id: 0, question: 'again?' }, { id: 2, question: 'out of range?' }, { id: 1, question: '  ' }, { id: 1.5, question: 'x' }] });
    expect([...parseQuestions(answer, 2)]).toEqual([[0, 'A?']]);
    expect([...parseQuestions('{not json', 2)]).toEqual([]);
    expect([...parseQuestions(JSON.stringify({ questions: [{ id: 1, question: 'q'.repeat(301) }] }), 2)]).toEqual([]);
  });

  it('sends at most 2,000 characters of a passage', () => {
    const [, user] = questionMessages([{ headingPath: [], text: 'x'.repeat(5000) }]);
    expect((JSON.parse(user!.content) as { passages: { text: string }[] }).passages[0]!.text).toHaveLength(2000);
  });
});

describe('question probes in a run', () => {
  const passage = 'Rotate the signing keys every ninety days with the vault command.';
  const source = `# Keys\n\n${passage}\n`;
  const chunk = (text: string): Chunk => ({ id: '0', index: 0, text, tokens: 20, chars: text.length, headingPath: ['Keys'], startLine: 1, endLine: 3, startOffset: 0, endOffset: text.length, kinds: ['paragraph'], spans: [{ start: 0, end: text.length }] });
  const files: ProbeFile[] = [{ path: 'keys.md', source, chunks: [chunk(source)] }];

  it('a kept passage gets its question as a probe of kind question', async () => {
    const asked: QuestionSubject[][] = [];
    const run = await runProbes({
      base: files,
      head: files,
      pages: [{ basePath: 'keys.md', headPath: 'keys.md' }],
      budget: 1024,
      async questions(list) {
        asked.push(list);
        return new Map([[subjectKey(list[0]!), 'How often do I rotate keys?']]);
      },
    });
    expect(asked).toEqual([[{ headingPath: ['Keys'], text: passage }]]);
    const probe = run.passages[0]!.probes.find((stand) => stand.kind === 'question')!;
    expect(probe).toMatchObject({ query: 'How often do I rotate keys?', base: { rank: 1, fits: true }, head: { rank: 1, fits: true }, lost: false });
  });

  it('questionsFor: nothing unless asked; asked without a key or base URL, an error naming what to set', () => {
    const offline = parseConfig('retrieval: { probes: offline }\n', '.chunkgate.yml');
    expect(questionsFor(offline, { apiKey: null, root: '.' })).toBeUndefined();
    const llm = parseConfig('retrieval: { probes: llm }\n', '.chunkgate.yml');
    expect(() => questionsFor(llm, { apiKey: null, root: '.' })).toThrow(/^retrieval\.probes is llm but no API key is set: set OPENAI_API_KEY/);
    expect(typeof questionsFor(llm, { apiKey: 'key', root: '.' })).toBe('function');
  });
});

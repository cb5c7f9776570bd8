/**
 * LLM judge cost per edit: how many chunks are sent to the model when a document that
 * was already judged (its verdicts cached) is edited. In-process provider, no network.
 */
import { chunkDocument } from '../src/chunking/index.js';
import { createMeasure } from '../src/tokens/index.js';
import { parseConfig } from '../src/config/load.js';
import { parseMarkdown } from '../src/markdown/parse.js';
import { scoreContentHeuristic } from '../src/metrics/content/heuristic/index.js';
import { judgeChunks, type JudgeCache, type JudgeProvider } from '../src/metrics/content/llm/index.js';
import { targetsOf, validAnswer } from '../test/helpers/openai-double.js';

const provider: JudgeProvider = {
  async complete(request) {
    const targets = targetsOf({ messages: request.messages });
    return { content: JSON.stringify(validAnswer(targets)), promptTokens: 0, completionTokens: 0 };
  },
};

function memoryCache(): JudgeCache {
  const store = new Map<string, unknown>();
  return { get: async (key) => store.get(key), set: async (key, value) => void store.set(key, value) };
}

const chunking = parseConfig('', '(defaults)').chunking;

function doc(path: string, source: string) {
  const parsed = parseMarkdown(path, source).doc;
  const chunks = chunkDocument(parsed, chunking, createMeasure(chunking.unit, chunking.tokenizer));
  return { doc: parsed, chunks, heuristic: scoreContentHeuristic({ doc: parsed, chunks, options: chunking }) };
}

function body(index: number): string {
  return `Setting ${index} controls how the widget handles case ${index}. The default works for most teams, because case ${index} is rare in small deployments. Change it when case ${index} matters to you: large fleets, strict latency budgets, or audits that need every decision of the widget logged with its reason and time. The setting is read once at start-up, so restart the widget after you change it.`;
}

function sections(count: number, edit: (index: number) => string | undefined = () => undefined): string {
  const parts = ['# Widget reference\n'];
  for (let index = 0; index < count; index++) {
    parts.push(`## Setting ${index}\n\n${edit(index) ?? body(index)}\n`);
  }
  return parts.join('\n');
}

/** Judged chunks when `head` follows an already-judged `base`. */
async function judgedAfter(base: string, head: string, headPath = 'docs/widget.md'): Promise<{ judged: number; calls: number; chunks: number }> {
  const cache = memoryCache();
  const input = { model: 'bench', configDigest: 'bench', maxConcurrency: 4, timeoutMs: 0 };
  await judgeChunks({ ...input, docs: [doc('docs/widget.md', base)] }, provider, cache);
  const headDoc = doc(headPath, head);
  const result = await judgeChunks({ ...input, docs: [doc('docs/widget.md', base), headDoc] }, provider, cache);
  return { judged: result.cost.judgedChunks, calls: result.cost.calls, chunks: headDoc.chunks.length };
}

/** Prints judged chunks per edited chunk for the usual edit scenarios. */
export async function benchJudge(): Promise<void> {
  const base = sections(100);
  const scenarios: [string, string, string?][] = [
    ['one paragraph edited (middle)', sections(100, (i) => (i === 50 ? body(i).replace('most teams', 'most small teams') : undefined))],
    ['one paragraph edited (first section)', sections(100, (i) => (i === 0 ? body(i).replace('most teams', 'most small teams') : undefined))],
    ['file renamed, text unchanged', base, 'docs/renamed.md'],
    ['nothing changed', base],
  ];
  console.log('');
  console.log('LLM judge on a 100-section document (default heading chunks, one chunk per section), base already judged:');
  for (const [label, head, path] of scenarios) {
    const { judged, calls, chunks } = await judgedAfter(base, head, path);
    console.log(`  ${label.padEnd(40)} ${String(judged).padStart(3)} of ${chunks} chunks judged in ${calls} requests`);
  }
}

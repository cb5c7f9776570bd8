import type { ChunkDraft, ChunkingOptions, ParsedDoc, PresetName } from '../../types.js';
import type { ChunkMeasure } from '../piece.js';
import { chunkLangchainMarkdownHeader } from './langchainMarkdownHeader.js';
import { chunkLangchainMarkdown, chunkLangchainRecursive } from './langchainRecursive.js';
import { chunkLlamaindexMarkdown } from './llamaindexMarkdown.js';
import { chunkLlamaindexSentence } from './llamaindexSentence.js';

export { chunkExternal, draftsOfExternal, hasBodyText, unlocatedNotice, type ExternalChunk } from './external.js';

/**
 * The presets (docs/config.md#score-the-chunks-your-pipeline-makes): each reproduces a library's
 * splitter chunk for chunk on the raw file (front matter included unless `frontMatter: strip`),
 * written here without the library so the action bundle stays small. Versions
 * reproduced: @langchain/textsplitters 1.0.2 (LangChain.js), langchain-text-splitters 1.0 (Python,
 * `langchain-markdown-header`), @llamaindex/core 0.6.23.
 */
export const PRESETS: Record<PresetName, (doc: ParsedDoc, options: ChunkingOptions, measure: ChunkMeasure) => ChunkDraft[]> = {
  'langchain-recursive': chunkLangchainRecursive,
  'langchain-markdown': chunkLangchainMarkdown,
  'langchain-markdown-header': chunkLangchainMarkdownHeader,
  'llamaindex-markdown': chunkLlamaindexMarkdown,
  'llamaindex-sentence': chunkLlamaindexSentence,
};

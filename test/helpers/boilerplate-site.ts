import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The footer every page of {@link writeBoilerplateSite} ends with: a cross-file `boilerplate` finding on each. */
const SITE_FOOTER = 'Found a mistake? Edit this page on GitHub and send us a pull request.';

/**
 * A temporary docs folder of `pages` pages (`docs/page-NN.md`) that share a footer, so a run that
 * sees all of them finds it repeated, and one that sees a third of them may not (below 3 pages).
 * Returns the folder.
 */
export async function writeBoilerplateSite(pages = 9): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'chunkgate-site-'));
  await mkdir(join(dir, 'docs'));
  for (let index = 0; index < pages; index += 1) {
    const topic = `topic ${index}`;
    await writeFile(
      join(dir, 'docs', `page-${String(index).padStart(2, '0')}.md`),
      `# Page ${index}\n\nThe ${topic} guide explains how ${topic} is configured, started and stopped.\n\n## Usage\n\nRun the ${topic} command once; it reads its settings at start-up.\n\n${SITE_FOOTER}\n`,
    );
  }
  return dir;
}

import type { Report } from '../../types.js';

/** One side of a file as the shell read it: the source text and its heading sections' body lengths. */
export interface SideSource {
  /** The Markdown source the chunks' offsets point into. */
  text: string;
  /** Body length of every heading section (docs/cli.md#choosing-max-and-min), in the file's chunking unit. */
  sections: number[];
}

/** The sources of one changed file (`null` where the side does not exist or was not read). */
export interface FileSources {
  /** The file's path in the report (`DocDiff.path`). */
  path: string;
  base: SideSource | null;
  head: SideSource | null;
}

/** What {@link renderHtmlReport} draws. */
export interface HtmlReportInput {
  report: Report;
  /**
   * Source text and section lengths per file (default: none). Without a file's sources the
   * page rebuilds its lines from the chunk texts (boundaries then fall on line starts) and
   * leaves out the section-length histogram.
   */
  sources?: readonly FileSources[];
  /** Page title (default: `chunkgate report`). */
  title?: string;
  /** Base and head commits, shown under the title when known. */
  baseSha?: string;
  headSha?: string;
  /** Plain-text notices from the shell (where the rules came from, skipped files), listed under the title (default: none). */
  notices?: readonly string[];
}

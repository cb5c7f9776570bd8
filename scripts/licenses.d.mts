/** The package folder (relative to the root) of a bundled input path, or `null` for our own sources. */
export function packageDirOf(input: string): string | null;
/** The text of dist/licenses.txt for the bundled `inputs` (esbuild metafile keys, relative to `root`). */
export function licenseReport(root: string, inputs: Iterable<string>): string;

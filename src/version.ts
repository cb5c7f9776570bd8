/** chunkgate's version, as in package.json (a test keeps them equal). */
export const VERSION = '0.1.0';

/**
 * The GitHub repository chunkgate is published from, as `owner/name` (what a workflow's
 * `uses:` names). The one setting every link to chunkgate's own files derives from: rule pages,
 * the schemas' `$id`, the links in the comment, the check run and the HTML report.
 */
export const REPOSITORY = 'chunkgate/chunkgate';

/** The major tag users pin (`uses: <REPOSITORY>@v0`), derived from VERSION and moved to every release; links point at it. */
export const MAJOR_TAG = `v${VERSION.split('.')[0]}`;

/** The repository's web address (`https://github.com/<owner>/<name>`). */
export const REPOSITORY_URL = `https://github.com/${REPOSITORY}`;

/** Where GitHub shows a file (or, with a trailing `/`, a folder) of the repository at the major tag. */
export function repositoryFileUrl(path: string): string {
  return `${REPOSITORY_URL}/blob/${MAJOR_TAG}/${path}`;
}

/** The raw content of a file (or, with a trailing `/`, the prefix of a folder's files) at the major tag. */
export function repositoryRawUrl(path: string): string {
  return `https://raw.githubusercontent.com/${REPOSITORY}/${MAJOR_TAG}/${path}`;
}

// Moves the major tag (`v0`) that users pin (`uses: chunkgate/chunkgate@v0`) to a release:
//
//   node scripts/move-major-tag.mjs v0.2.1 [--remote origin]
//
// Run by .github/workflows/release.yml when a release is published, in a checkout of the
// release tag. Refuses a tag that is not vMAJOR.MINOR.PATCH (exit 2) or that disagrees with
// package.json (exit 1); leaves a prerelease (v0.3.0-rc.1) alone (exit 0), so `@v0` users
// never get one. The tag is force-pushed: moving it is the point.
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { remote: { type: 'string', default: 'origin' } } });
const [tag] = positionals;
const release = /^v(\d+)\.(\d+)\.(\d+)(-[0-9A-Za-z.-]+)?$/.exec(tag ?? '');
if (positionals.length !== 1 || !release) {
  console.error(`usage: move-major-tag.mjs vMAJOR.MINOR.PATCH [--remote NAME] (got ${JSON.stringify(positionals.join(' '))})`);
  process.exit(2);
}
const [, major, minor, patch, prerelease] = release;
if (prerelease) {
  console.log(`${tag} is a prerelease: v${major} stays where it is`);
  process.exit(0);
}
const git = (...args) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
const commit = git('rev-parse', '--verify', `refs/tags/${tag}^{commit}`);
// package.json as committed in the tagged commit, not as the working tree has it.
const manifest = JSON.parse(git('show', `${commit}:package.json`));
const version = `${major}.${minor}.${patch}`;
if (manifest.version !== version) {
  console.error(`${tag} does not match package.json's version ${manifest.version} at ${commit.slice(0, 12)}: bump package.json (and CHANGELOG.md) first`);
  process.exit(1);
}
const moving = `v${major}`;
git('tag', '--force', moving, commit);
git('push', '--force', values.remote, `refs/tags/${moving}:refs/tags/${moving}`);
console.log(`${moving} → ${tag} (${commit.slice(0, 12)})`);

/** Updating the sticky comment only when one exists (runs with nothing to report), against the OpenAPI-checked double. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TokenIdentity } from '../../src/sources/github-identity.js';
import { updateStickyComment } from '../../src/sources/sticky-comment.js';
import { doubleClient } from '../helpers/github-client.js';
import { startGitHubDouble, type DoubleComment, type DoubleUser, type GitHubDouble } from '../helpers/github-double.js';

const MARKER = '<!-- chunkgate:chunkgate -->';
const bot: DoubleUser = { login: 'github-actions[bot]', id: 41898282, type: 'Bot' };
const alice: DoubleUser = { login: 'alice', id: 1, type: 'User' };
const ME: TokenIdentity = { login: 'github-actions[bot]', source: 'viewer' };

let double: GitHubDouble;

beforeEach(async () => {
  double = await startGitHubDouble();
  double.state.pulls.push({ number: 5, headSha: 'a'.repeat(40), baseSha: 'b'.repeat(40), files: [] });
});

afterEach(async () => {
  expect(double.violations).toEqual([]);
  await double.close();
});

function seeded(id: number, body: string, user: DoubleUser): DoubleComment {
  const at = `2024-01-0${id % 9 || 1}T00:00:00Z`;
  return { id, body, user, created_at: at, updated_at: at };
}

const update = (body: string) => updateStickyComment(doubleClient(double, []), { owner: 'acme', repo: 'docs', issue_number: 5, body, marker: MARKER, identity: ME, settleMs: 5 });

describe('updateStickyComment', () => {
  it('creates nothing when the pull request has no comment of ours, not even with a contributor’s copy of the marker', async () => {
    double.state.issueComments[5] = [seeded(1, `${MARKER}\ncopied`, alice)];
    expect(await update('nothing to check')).toBeNull();
    expect(double.requestsOf('issues/create-comment')).toEqual([]);
    expect(double.requestsOf('issues/update-comment')).toEqual([]);
  });

  it('rewrites ours in place, and removes a duplicate like an upsert does', async () => {
    double.state.issueComments[5] = [seeded(1, `${MARKER}\nold verdict`, bot), seeded(2, `${MARKER}\nduplicate`, bot)];
    expect(await update('nothing to check')).toMatchObject({ id: 1, action: 'updated', removed: 1 });
    expect(double.state.issueComments[5].map((comment) => [comment.id, comment.body])).toEqual([[1, `${MARKER}\nnothing to check`]]);
    expect(await update('nothing to check')).toMatchObject({ id: 1, action: 'unchanged', removed: 0 });
  });
});

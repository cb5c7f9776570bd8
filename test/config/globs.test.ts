import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config/load.js';
import { globProblem } from '../../src/config/globs.js';

describe('globProblem', () => {
  it('accepts well-formed globs, classes, brace lists, extglobs and escapes', () => {
    for (const glob of ['docs/**/*.md', 'docs/[abc].md', 'docs/[!_]*.md', 'docs/[]x].md', '{a,b}/*.md', 'a/{b,{c,d}}/*.mdx', '@(a|b).md', '!(draft)*.md', 'docs/\\[literal.md', 'docs/page(1).md', 'x}.md'.replace('}', '\\}')]) {
      expect(globProblem(glob)).toBeNull();
    }
  });

  it('names the unclosed bracket, brace or extglob group and its column', () => {
    expect(globProblem('docs/[')).toBe('unclosed "[" at character 6 (write "\\[" for a literal bracket)');
    expect(globProblem('{a,b')).toBe('unclosed "{" at character 1 (a brace list needs its "}", e.g. "{a,b}")');
    expect(globProblem('a/{b,{c,d}/x')).toBe('unclosed "{" at character 3 (a brace list needs its "}", e.g. "{a,b}")');
    expect(globProblem('docs/a}.md')).toBe('"}" at character 7 closes no "{"');
    expect(globProblem('@(a|b.md')).toBe('unclosed "(" at character 2 (an extglob needs its ")", e.g. "@(a|b)")');
  });
});

describe('parseConfig rejects malformed globs with key and line', () => {
  const messageOf = (text: string) => {
    try {
      parseConfig(text, '.chunkgate.yml');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).message.split('\n').slice(1);
    }
    throw new Error('expected a ConfigError');
  };

  it('in include, exclude and overrides[].paths', () => {
    expect(messageOf('include: "docs/["\n')).toEqual([
      '.chunkgate.yml:1: include: unexpected value "docs/[" (allowed: a well-formed glob: unclosed "[" at character 6 (write "\\[" for a literal bracket))',
    ]);
    expect(messageOf('exclude:\n  - "a/**"\n  - "{a,b"\n')).toEqual([
      '.chunkgate.yml:3: exclude[1]: unexpected value "{a,b" (allowed: a well-formed glob: unclosed "{" at character 1 (a brace list needs its "}", e.g. "{a,b}"))',
    ]);
    expect(messageOf('overrides:\n  - paths: ["docs/api/**", "docs/[x"]\n    chunking: { max: 300 }\n')).toEqual([
      '.chunkgate.yml:2: overrides[0].paths[1]: unexpected value "docs/[x" (allowed: a well-formed glob: unclosed "[" at character 6 (write "\\[" for a literal bracket))',
    ]);
  });
});

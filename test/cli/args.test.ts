import { describe, expect, expectTypeOf, it } from 'vitest';
import { oneOf, parseCommandArgs, UsageError } from '../../src/cli/args.js';

describe('parseCommandArgs', () => {
  it('types values from the options: strings, booleans, lists', () => {
    const { values, positionals } = parseCommandArgs(['a.md', '--out', 'r.txt', '--quiet', '--tag', 'x', '--tag', 'y'], {
      out: { type: 'string' },
      quiet: { type: 'boolean' },
      tag: { type: 'string', multiple: true },
    });
    expectTypeOf(values.out).toEqualTypeOf<string | undefined>();
    expectTypeOf(values.quiet).toEqualTypeOf<boolean | undefined>();
    expectTypeOf(values.tag).toEqualTypeOf<string[] | undefined>();
    expect(values).toEqual({ out: 'r.txt', quiet: true, tag: ['x', 'y'] });
    expect(positionals).toEqual(['a.md']);
  });

  it('turns an unknown option or a missing value into a usage error', () => {
    expect(() => parseCommandArgs(['--nope'], { out: { type: 'string' } })).toThrow(UsageError);
    expect(() => parseCommandArgs(['--out'], { out: { type: 'string' } })).toThrow(/--out/);
  });
});

describe('oneOf', () => {
  it('returns the fallback when absent, the value when allowed, and names the choices otherwise', () => {
    expect(oneOf('format', undefined, ['text', 'json'] as const, 'text')).toBe('text');
    expect(oneOf('format', 'json', ['text', 'json'] as const, 'text')).toBe('json');
    expect(() => oneOf('format', 'xml', ['text', 'json'] as const, 'text')).toThrow('Unexpected --format "xml", expected one of: text, json');
  });
});

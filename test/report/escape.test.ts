import { describe, expect, it } from 'vitest';
import { codeSpan, escapeHtml, escapeInline, escapeMessage, excerpt, fenceFor, neutralizeFenced } from '../../src/report/escape.js';

const ZWJ = '\u200D';

describe('escapeInline', () => {
  it('escapes table pipes, emphasis, code and link syntax with backslashes', () => {
    expect(escapeInline('a | b *c* _d_ `e` [f](g) ~h~ \\')).toBe('a \\| b \\*c\\* \\_d\\_ \\`e\\` \\[f\\](g) \\~h\\~ \\\\');
  });

  it('turns HTML into entities', () => {
    expect(escapeInline('<img src=x onerror=alert(1)> & co')).toBe('&lt;img src=x onerror=alert(1)&gt; &amp; co');
  });

  it('neutralises mentions and issue references with a zero-width joiner', () => {
    expect(escapeInline('ping @someone about #123')).toBe(`ping @${ZWJ}someone about #${ZWJ}123`);
    // "#" before a non-digit and a lone "@" are left alone.
    expect(escapeInline('# heading @ home')).toBe('# heading @ home');
  });

  it('flattens line breaks and control characters to spaces', () => {
    expect(escapeInline('a\nb\r\nc\u001b[31md')).toBe('a b c \\[31md');
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML characters and neutralises mentions', () => {
    expect(escapeHtml(`<b a="1">'x'</b> & @bob`)).toBe(`&lt;b a=&quot;1&quot;&gt;&#39;x&#39;&lt;/b&gt; &amp; @${ZWJ}bob`);
  });
});

describe('codeSpan', () => {
  it('uses one more backtick than the longest run inside and pads a leading or trailing backtick', () => {
    expect(codeSpan('docs/a.md')).toBe('`docs/a.md`');
    // longest run 2 → 3-backtick delimiters; text ends with a backtick → padded
    expect(codeSpan('a``b`')).toBe('``` a``b` ```');
  });

  it('escapes pipes only for table cells', () => {
    expect(codeSpan('a|b', { table: true })).toBe('`a\\|b`');
    expect(codeSpan('a|b')).toBe('`a|b`');
  });
});

describe('escapeMessage', () => {
  it('keeps code spans and escapes the rest', () => {
    expect(escapeMessage('raise `max` for <b>docs</b> @team')).toBe(`raise \`max\` for &lt;b&gt;docs&lt;/b&gt; @${ZWJ}team`);
  });

  it('escapes an unmatched backtick', () => {
    expect(escapeMessage('a ` b')).toBe('a \\` b');
  });

  it('escapes pipes inside kept code spans in tables', () => {
    expect(escapeMessage('use `a|b` | c', { table: true })).toBe('use `a\\|b` \\| c');
  });
});

describe('fenceFor', () => {
  it('is three tildes for plain text', () => {
    expect(fenceFor('plain')).toBe('~~~');
  });

  it('is longer than the longest backtick or tilde run', () => {
    // ten backticks → 11 tildes; five tildes → 6
    expect(fenceFor(`x ${'`'.repeat(10)} y`)).toBe('~'.repeat(11));
    expect(fenceFor('~~~~~')).toBe('~'.repeat(6));
    expect(fenceFor('```', { char: '`' })).toBe('````');
  });
});

describe('excerpt', () => {
  it('returns text that fits unchanged', () => {
    expect(excerpt('short', 5)).toBe('short');
  });

  it('cuts at a line break in the second half of the allowance and appends an ellipsis line', () => {
    // maxChars 12 → 10 characters to cut in; the last "\n" at 7 ≥ 5 → "line1\nl2" + "\n…"
    expect(excerpt('line1\nl2\nline3 long', 12)).toBe('line1\nl2\n…');
  });

  it('cuts mid-line when no line break is late enough, never beyond maxChars', () => {
    const result = excerpt('abcdefghijklmnop', 10);
    expect(result).toBe('abcdefgh\n…');
    expect(result.length).toBeLessThanOrEqual(10);
  });

  it('does not split a surrogate pair', () => {
    // "a😀b…": limit 3 − 2 = 1 → "a"; with limit 4 − 2 = 2 the cut "a\uD83D" drops the half pair.
    expect(excerpt('a😀bcdef', 4)).toBe('a\n…');
  });

  it('degrades to an ellipsis or nothing for tiny limits', () => {
    expect(excerpt('abc', 1)).toBe('…');
    expect(excerpt('abc', 0)).toBe('');
  });
});

describe('neutralizeFenced', () => {
  it('neutralises mentions and our marker but leaves HTML as written', () => {
    expect(neutralizeFenced('@x <!-- chunkgate --> <b>')).toBe(`@${ZWJ}x <!-- chunk${ZWJ}gate --> <b>`);
  });
});

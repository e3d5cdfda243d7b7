import { describe, expect, it } from 'vitest';
import { normalizeCodeLanguage, tokenizeCode } from './codeTokens';

describe('tokenizeCode', () => {
  it('colours keywords, strings, numbers and comments', () => {
    const tokens = tokenizeCode('const a = "x"; // hi\nreturn 42', 'javascript');
    expect(tokens).toContainEqual({ type: 'keyword', text: 'const' });
    expect(tokens).toContainEqual({ type: 'string', text: '"x"' });
    expect(tokens).toContainEqual({ type: 'comment', text: '// hi' });
    expect(tokens).toContainEqual({ type: 'number', text: '42' });
    expect(tokens).toContainEqual({ type: null, text: '\n' });
    expect(tokens.map((t) => t.text).join('')).toBe('const a = "x"; // hi\nreturn 42');
  });
  it('does not find keywords inside identifiers', () => {
    expect(tokenizeCode('format', 'javascript')).toEqual([{ type: null, text: 'format' }]);
  });
  it('keeps tabs and newlines as their own tokens, even inside comments', () => {
    const tokens = tokenizeCode('/* a\n\tb */', 'c');
    expect(tokens.map((t) => t.text)).toEqual(['/* a', '\n', '\t', 'b */']);
  });
  it('handles python, json, bash and markup', () => {
    expect(tokenizeCode('def f():\n  return None', 'python')).toContainEqual({
      type: 'keyword',
      text: 'def',
    });
    expect(tokenizeCode('{"a": 1}', 'json')).toContainEqual({ type: 'property', text: '"a"' });
    expect(tokenizeCode('echo $HOME', 'bash')).toContainEqual({ type: 'variable', text: '$HOME' });
    expect(tokenizeCode('<p class="x">', 'markup')).toContainEqual({ type: 'tag', text: '<p' });
  });
  it('leaves plain text alone', () => {
    expect(tokenizeCode('if x', 'plain')).toEqual([{ type: null, text: 'if x' }]);
    expect(normalizeCodeLanguage('JS')).toBe('javascript');
    expect(normalizeCodeLanguage('cobol')).toBe('plain');
  });
});

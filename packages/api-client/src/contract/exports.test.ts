import { describe, expect, it } from 'vitest';
import { EXPORT_HTML_MAX_ELEMENTS, hasMoreElementsThan, transientExportBody } from './exports';

describe('HTML export bounds', () => {
  it('counts the elements opened, not closing tags, comments or a lone “<”', () => {
    expect(hasMoreElementsThan('<p>a</p><p>b</p>', 2)).toBe(false);
    expect(hasMoreElementsThan('<p>a</p><P>b</P><br/>', 2)).toBe(true);
    expect(hasMoreElementsThan('1 < 2 <!-- x --> </p>', 0)).toBe(false);
  });

  it('refuses HTML with too many elements with the limit in the issue', () => {
    const html = '<li>项</li>'.repeat(EXPORT_HTML_MAX_ELEMENTS + 1);
    const result = transientExportBody.safeParse({ format: 'md', html });
    expect(result.error?.issues).toMatchObject([
      {
        path: ['html'],
        code: 'custom',
        params: { code: 'too_many_elements', max: EXPORT_HTML_MAX_ELEMENTS },
      },
    ]);
    expect(transientExportBody.safeParse({ format: 'md', html: '<li>项</li>'.repeat(100) }).success).toBe(
      true,
    );
  });
});

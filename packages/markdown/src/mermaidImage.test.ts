import { describe, expect, test } from 'vitest';
import { toImage } from './mermaidImage';

const svg = [
  '<svg id="m1" width="100%" xmlns="http://www.w3.org/2000/svg" style="max-width: 250.5px;" viewBox="0 0 250.5 63">',
  '<g class="node"><a xlink:href="javascript:alert(1)"><rect style="fill:#f00"></rect></a>',
  '<text><tspan>开始</tspan> <tspan>&amp; 结束</tspan></text></g>',
  '<path marker-end="url(#arrow)"></path><use href="#icon"></use>',
  '</svg>',
].join('');

const documentOf = (src: string) => decodeURIComponent(src.slice(src.indexOf(',') + 1));

describe('a diagram as an image', () => {
  test('takes its size from its viewBox, not the 100% it has no box for', () => {
    const image = toImage(svg, '');
    expect([image.width, image.height]).toEqual([251, 63]);
    const root = /^<svg[^>]*>/.exec(documentOf(image.src))?.[0];
    expect(root).toContain('width="251" height="63"');
    expect(root).not.toContain('100%');
  });

  test('carries its rules inside, as CDATA, since an image is parsed as XML', () => {
    const image = toImage(svg, '#m1 .node rect{fill:#ECECFF;} #m1 a>b{x:"]]>"}');
    expect(image.src.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    const document = documentOf(image.src);
    expect(document).toContain(
      '<style><![CDATA[#m1 .node rect{fill:#ECECFF;} #m1 a>b{x:"]]]]><![CDATA[>"}]]></style>',
    );
    // Right after the root, before what Mermaid drew, as Mermaid places its own.
    expect(document.indexOf('<style>')).toBeLessThan(document.indexOf('<g class="node">'));
    // Inline styles set through the CSSOM are kept as they were serialized.
    expect(document).toContain('style="fill:#f00"');
  });

  test('drops links, which an image cannot follow, and keeps references inside it', () => {
    const document = documentOf(toImage(svg, '').src);
    expect(document).not.toContain('javascript');
    expect(document).toContain('marker-end="url(#arrow)"');
    expect(document).toContain('<use href="#icon">');
  });

  test('names its labels for the alternative text', () => {
    expect(toImage(svg, '').labels).toEqual(['开始 & 结束']);
  });
});

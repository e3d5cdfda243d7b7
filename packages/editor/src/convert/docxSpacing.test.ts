import { Document, Packer, Paragraph, TextRun } from 'docx';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { documentToDocx } from './docxExport';
import { docxToDocument } from './docxImport';
import {
  blockStyleOf,
  editorState,
  headingNode,
  type JsonNode,
  paragraphNode,
  plainText,
  rootChildren,
  textNode,
} from './nodes';

/** 段前 / 段后 (margin-block-start / -end in the block style) through DOCX and back. */

const xmlOf = (bytes: Uint8Array) => new TextDecoder().decode(unzipSync(bytes)['word/document.xml']);
/** The w:spacing of the paragraph holding `text`. */
const spacingOf = (xml: string, text: string) =>
  /<w:spacing [^>]*\/>/.exec(xml.split('</w:p>').find((p) => p.includes(`>${text}<`)) ?? '')?.[0] ?? '';
const cssOf = (state: Awaited<ReturnType<typeof docxToDocument>>['editorState'], text: string) =>
  blockStyleOf(rootChildren(state).find((n) => plainText(n).includes(text)) as JsonNode);

describe('DOCX 段前 / 段后', () => {
  it('writes points as twips and lines as hundredths of a line, and reads both back as they were', async () => {
    const state = editorState([
      paragraphNode([textNode('磅的段落')], '', 'margin-block-start: 12pt; margin-block-end: 7.5pt;'),
      headingNode(
        2,
        [textNode('行的标题')],
        '',
        'line-height: 2; margin-block-start: 0.5lh; margin-block-end: 1lh;',
      ),
      paragraphNode([textNode('无间距')]),
    ]);
    const bytes = await documentToDocx({ editorState: state, title: '间距' });
    const xml = xmlOf(bytes);
    expect(spacingOf(xml, '磅的段落')).toMatch(/w:before="240"/);
    expect(spacingOf(xml, '磅的段落')).toMatch(/w:after="150"/);
    expect(spacingOf(xml, '磅的段落')).not.toMatch(/Lines=/);
    // Lines in hundredths, with twips beside them for readers without line units: half a line of a 12 pt
    // paragraph at line height 2 is 12 pt.
    const heading = spacingOf(xml, '行的标题');
    expect(heading).toMatch(/w:beforeLines="50"/);
    expect(heading).toMatch(/w:afterLines="100"/);
    expect(heading).toMatch(/w:before="240"/);
    expect(heading).toMatch(/w:line="480"/);
    expect(spacingOf(xml, '无间距')).toBe('');

    const back = (await docxToDocument(bytes)).editorState;
    expect(cssOf(back, '磅的段落')).toBe('margin-block-start: 12pt; margin-block-end: 7.5pt;');
    expect(cssOf(back, '行的标题')).toBe('line-height: 2; margin-block-start: 0.5lh; margin-block-end: 1lh;');
    expect(cssOf(back, '无间距')).toBe('');
  });

  it('reads the spacing a paragraph takes from its style, and its own over the style’s', async () => {
    const document = new Document({
      styles: {
        paragraphStyles: [
          {
            id: 'Spaced',
            name: 'Spaced',
            basedOn: 'Normal',
            paragraph: { spacing: { before: 360, after: 0 } },
          },
        ],
      },
      sections: [
        {
          children: [
            new Paragraph({ style: 'Spaced', children: [new TextRun('样式的间距')] }),
            new Paragraph({
              style: 'Spaced',
              spacing: { after: 200 },
              children: [new TextRun('自己的段后')],
            }),
          ],
        },
      ],
    });
    const bytes = new Uint8Array(await Packer.toArrayBuffer(document));
    const state = (await docxToDocument(bytes)).editorState;
    expect(cssOf(state, '样式的间距')).toBe('margin-block-start: 18pt; margin-block-end: 0pt;');
    expect(cssOf(state, '自己的段后')).toBe('margin-block-start: 18pt; margin-block-end: 10pt;');
  });
});

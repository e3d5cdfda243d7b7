import { unzipSync, zipSync } from 'fflate';
import { $getRoot, $isElementNode, createEditor, type SerializedEditorState } from 'lexical';
import { describe, expect, it } from 'vitest';
import { documentToDocx } from '../convert/docxExport';
import { docxToDocument } from '../convert/docxImport';
import { documentToMarkdown } from '../convert/markdown';
import { blocksOf } from '../files/pdf/blocks';
import { ALL_FONTS, fakeDoc } from '../files/pdf/fakeDoc';
import { Layout } from '../files/pdf/layout';
import { Painter } from '../files/pdf/painter';
import { DEFAULT_STYLE_PRESETS } from '../styles/presets';
import { extractDocxShapes } from './docxShapes';
import { documentHasShapes } from './formats';
import { $isShapeNode, ShapeNode } from './ShapeNode';
import { defaultShape, defaultTextBox, SHAPE_MAX_SIZE, SHAPE_TEXT_MAX, type ShapeData } from './shapeModel';

const paragraph = (children: unknown[]) => ({
  type: 'paragraph',
  version: 1,
  direction: null,
  format: '',
  indent: 0,
  textFormat: 0,
  textStyle: '',
  children,
});
const text = (value: string) => ({
  type: 'text',
  version: 1,
  text: value,
  format: 0,
  style: '',
  mode: 'normal',
  detail: 0,
});
const shapeJson = (shape: object) => ({
  type: 'shape',
  version: 1,
  ...shape,
});
const stateOf = (...blocks: unknown[]) =>
  ({
    root: { type: 'root', version: 1, direction: null, format: '', indent: 0, children: blocks },
  }) as unknown as SerializedEditorState;

/** The shapes of a saved state as the editor reads them. */
function shapesRead(state: SerializedEditorState): ShapeData[] {
  const editor = createEditor({
    nodes: [ShapeNode],
    onError: (error) => {
      throw error;
    },
  });
  return editor.parseEditorState(state as never).read(() =>
    $getRoot()
      .getChildren()
      .flatMap((block) => ($isElementNode(block) ? block.getChildren() : []))
      .filter($isShapeNode)
      .map((node) => node.getShape()),
  );
}

describe('the shape node in a saved document', () => {
  it('keeps everything it holds through exportJSON and importJSON', () => {
    const box = { ...defaultTextBox(), text: '第一行\n第二行', width: 300, height: 120 };
    const [read] = shapesRead(stateOf(paragraph([shapeJson(box)])));
    expect(read).toEqual(box);
    const editor = createEditor({
      nodes: [ShapeNode],
      onError: (e) => {
        throw e;
      },
    });
    const again = editor.parseEditorState(stateOf(paragraph([shapeJson(box)])) as never).toJSON();
    expect(shapesRead(again)).toEqual([box]);
  });

  it('bounds what it reads: size, colours, border, text, and no text in a line', () => {
    const [big, line, odd] = shapesRead(
      stateOf(
        paragraph([
          shapeJson({
            kind: 'ellipse',
            width: 1e9,
            height: -5,
            fill: 'url(javascript:x)',
            stroke: 'red',
            strokeWidth: 999,
            text: '字'.repeat(SHAPE_TEXT_MAX + 500),
          }),
          shapeJson({ kind: 'arrow', width: 100, height: 0, text: '不该有字', fill: '#ff0000' }),
          shapeJson({ kind: 'hexagon', textBox: 'yes', width: 'wide' }),
        ]),
      ),
    );
    expect(big).toMatchObject({
      kind: 'ellipse',
      width: SHAPE_MAX_SIZE,
      height: 8,
      fill: '#c6e0ff',
      stroke: '#1f4e99',
      strokeWidth: 20,
    });
    expect(Array.from(big?.text ?? '').length).toBe(SHAPE_TEXT_MAX);
    expect(line).toMatchObject({ kind: 'arrow', text: '', fill: null, height: 0 });
    expect(odd).toMatchObject({ kind: 'rect', textBox: false, width: defaultShape('rect').width });
  });
});

describe('shapes in DOCX', () => {
  const doc = stateOf(
    paragraph([text('前文'), shapeJson({ ...defaultTextBox(), text: '你好\n世界 & <朋友>' }), text('后文')]),
    paragraph([shapeJson({ ...defaultShape('ellipse'), fill: '#ffcc99', text: '椭圆里的字' })]),
    paragraph([
      shapeJson({ ...defaultShape('roundRect'), text: '圆角' }),
      shapeJson(defaultShape('arrow')),
      shapeJson(defaultShape('line')),
    ]),
  );

  it('writes VML shapes Word draws, with fill, stroke, an end arrow and the text in w:txbxContent', async () => {
    const bytes = await documentToDocx({ editorState: doc, title: '形状' });
    const xml = new TextDecoder().decode(unzipSync(bytes)['word/document.xml']);
    expect(xml).toMatch(
      /<w:r><w:pict><v:rect style="width:180pt;height:60pt" filled="f" strokecolor="#595959"/,
    );
    expect(xml).toContain('<w:txbxContent><w:p><w:r><w:t xml:space="preserve">你好</w:t></w:r></w:p>');
    expect(xml).toContain('世界 &amp; &lt;朋友&gt;');
    expect(xml).toMatch(/<v:oval [^>]*fillcolor="#ffcc99" filled="t"/);
    expect(xml).toMatch(/<v:roundrect [^>]*arcsize="16%"/);
    expect(xml).toMatch(/<v:line from="0,0" to="120pt,0pt"[^>]*><v:stroke endarrow="block"\/><\/v:line>/);
  });

  it('reads the shapes written back into shape nodes, in their places in the text', async () => {
    const bytes = await documentToDocx({ editorState: doc, title: '形状' });
    const { editorState } = await docxToDocument(bytes);
    const blocks = editorState.root.children as unknown as Array<{
      children: Array<Record<string, unknown>>;
    }>;
    expect(blocks[0]?.children.map((c) => c.type)).toEqual(['text', 'shape', 'text']);
    expect(blocks[0]?.children[1]).toMatchObject({
      kind: 'rect',
      textBox: true,
      fill: null,
      stroke: '#595959',
      text: '你好\n世界 & <朋友>',
      width: 240,
      height: 80,
    });
    const shapes = shapesRead(editorState);
    expect(shapes.map((s) => s.kind)).toEqual(['rect', 'ellipse', 'roundRect', 'arrow', 'line']);
    expect(shapes[1]).toMatchObject({ fill: '#ffcc99', text: '椭圆里的字' });
    expect(shapes[3]).toMatchObject({ width: 160, height: 0, stroke: '#1f4e99', strokeWidth: 2 });
    // No paragraph of the text boxes' text is left over beside them.
    expect(blocks).toHaveLength(3);
  });

  it('reads a DrawingML text box (wps:wsp) and keeps its text', async () => {
    const base = await documentToDocx({ editorState: stateOf(paragraph([text('占位')])), title: '' });
    const files = unzipSync(base);
    const xml = new TextDecoder().decode(files['word/document.xml']);
    const drawing =
      '<w:r><w:drawing><wp:inline><wp:extent cx="1905000" cy="952500"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData><wps:wsp xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:cNvSpPr txBox="1"/><wps:spPr><a:prstGeom prst="rect"/><a:noFill/><a:ln w="12700"><a:solidFill><a:srgbClr val="C00000"/></a:solidFill></a:ln></wps:spPr><wps:txbx><w:txbxContent><w:p><w:r><w:t>框中文字</w:t></w:r></w:p></w:txbxContent></wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>';
    files['word/document.xml'] = new TextEncoder().encode(
      xml.replace(/(<w:t[^>]*>占位<\/w:t><\/w:r>)/, `$1${drawing}`),
    );
    const { editorState } = await docxToDocument(zipSync(files));
    expect(shapesRead(editorState)).toEqual([
      expect.objectContaining({
        kind: 'rect',
        textBox: true,
        fill: null,
        stroke: '#c00000',
        width: 200,
        height: 100,
        text: '框中文字',
      }),
    ]);
  });

  it('leaves a body without shapes, and VML pictures, to mammoth', () => {
    expect(extractDocxShapes('<w:document><w:body/></w:document>').shapes).toEqual([]);
    const picture =
      '<w:document xmlns:w="x" xmlns:v="urn:schemas-microsoft-com:vml"><w:body><w:p><w:r><w:pict><v:shape><v:imagedata r:id="rId1"/></v:shape></w:pict></w:r></w:p></w:body></w:document>';
    expect(extractDocxShapes(picture)).toEqual({ xml: picture, shapes: [] });
  });
});

describe('shapes in Markdown and PDF', () => {
  const doc = stateOf(
    paragraph([text('正文')]),
    paragraph([shapeJson({ ...defaultTextBox(), text: '第一行\n第二行' })]),
    paragraph([shapeJson(defaultShape('arrow'))]),
  );

  it('writes a text box’s text as a paragraph in Markdown, and says the document has shapes', () => {
    // The arrow, with no text, leaves nothing but its empty paragraph.
    expect(documentToMarkdown({ editorState: doc }).trimEnd()).toBe('正文\n\n第一行\\\n第二行');
    expect(documentHasShapes(doc)).toBe(true);
    expect(documentHasShapes(stateOf(paragraph([text('无')])))).toBe(false);
  });

  it('draws each shape with PDFKit’s vector calls and its text inside', () => {
    const blocks = blocksOf(
      stateOf(
        paragraph([shapeJson({ ...defaultShape('roundRect'), text: '圆角' })]),
        paragraph([shapeJson(defaultShape('ellipse'))]),
        paragraph([shapeJson({ ...defaultTextBox(), text: '你好' })]),
        paragraph([shapeJson(defaultShape('arrow'))]),
      ),
    );
    expect(blocks.map((b) => b.kind)).toEqual(['shape', 'shape', 'shape', 'shape']);
    const fake = fakeDoc();
    const layout = new Layout(new Painter(fake.doc, ALL_FONTS), DEFAULT_STYLE_PRESETS);
    for (const block of blocks) for (const item of layout.blockItems(block, 400)) item.draw(10, 20);
    const names = fake.calls.map((c) => c[0]);
    expect(names).toContain('roundedRect');
    expect(names).toContain('ellipse');
    expect(names).toContain('polygon');
    expect(fake.calls.find((c) => c[0] === 'fillAndStroke')).toEqual(['fillAndStroke', '#c6e0ff', '#1f4e99']);
    // The text box: a rect 180 × 60 pt at the item's place, stroked only (no fill), its text inside it.
    expect(fake.calls).toContainEqual(['rect', 10.375, 20.375, 179.25, 59.25]);
    const hello = fake.texts().find((t) => t.text === '你好');
    expect(hello?.x).toBeGreaterThan(10);
    expect(hello?.y).toBeGreaterThan(20);
    expect(hello?.y).toBeLessThan(80);
    expect(fake.texts().map((t) => t.text)).toContain('圆角');
  });
});

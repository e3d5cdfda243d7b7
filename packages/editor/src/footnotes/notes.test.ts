/// <reference types="node" />
import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import { unzipSync } from 'fflate';
import {
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  createEditor,
  type LexicalEditor,
  UNDO_COMMAND,
} from 'lexical';
import { describe, expect, it } from 'vitest';
import { documentToDocx } from '../convert/docxExport';
import { docxToDocument } from '../convert/docxImport';
import { documentToLexdoc, lexdocToDocument } from '../convert/lexdoc';
import { documentToMarkdown } from '../convert/markdown';
import { editorState, footnoteNode, type JsonNode, paragraphNode, textNode, walk } from '../convert/nodes';
import { bodySection, parseWordXml } from '../convert/wordXml';
import { blocksOf } from '../files/pdf/blocks';
import { $createFootnoteNode, FootnoteNode } from './FootnoteNode';
import { $allNotes, $noteAtSelection, applyNoteSettings } from './noteCommands';
import { noteFormatsOfSection } from './noteDocx';
import { $getNoteFormat, noteFormatsOf } from './noteFormats';
import { noteMarker } from './numbering';

describe('noteMarker', () => {
  it('writes circled digits ①…⑳, then [21]', () => {
    expect([1, 2, 3, 20].map((n) => noteMarker(n, 'circled'))).toEqual(['①', '②', '③', '⑳']);
    expect(noteMarker(21, 'circled')).toBe('[21]');
    expect(noteMarker(105, 'circled')).toBe('[105]');
  });
  it('writes decimal numbers without limit', () => {
    expect([1, 9, 10, 1234].map((n) => noteMarker(n, 'decimal'))).toEqual(['1', '9', '10', '1234']);
  });
  it('writes lower-case Roman numerals up to 3999', () => {
    expect([1, 2, 3, 4, 9, 14, 40, 90, 400, 1994, 3999].map((n) => noteMarker(n, 'lowerRoman'))).toEqual([
      'i',
      'ii',
      'iii',
      'iv',
      'ix',
      'xiv',
      'xl',
      'xc',
      'cd',
      'mcmxciv',
      'mmmcmxcix',
    ]);
    expect(noteMarker(4000, 'lowerRoman')).toBe('[4000]');
  });
  it('writes the symbol sequence * † ‡ §, then doubled, tripled … up to five, then [n]', () => {
    expect([1, 2, 3, 4].map((n) => noteMarker(n, 'symbol'))).toEqual(['*', '†', '‡', '§']);
    expect([5, 6, 7, 8, 9].map((n) => noteMarker(n, 'symbol'))).toEqual(['**', '††', '‡‡', '§§', '***']);
    expect(noteMarker(20, 'symbol')).toBe('§§§§§');
    expect(noteMarker(21, 'symbol')).toBe('[21]');
  });
  it('writes a number that is not a positive integer as [n]', () => {
    expect(noteMarker(0, 'decimal')).toBe('[0]');
    expect(noteMarker(1.5, 'circled')).toBe('[1.5]');
  });
});

function notesEditor(): LexicalEditor {
  const editor = createEditor({
    nodes: [FootnoteNode],
    onError: (e) => {
      throw e;
    },
  });
  registerHistory(editor, createEmptyHistoryState(), 0);
  editor.update(
    () => {
      const p = $createParagraphNode().append(
        $createTextNode('甲'),
        $createFootnoteNode('fn-a', '脚注一'),
        $createTextNode('乙'),
        $createFootnoteNode('fn-b', '脚注二'),
        $createTextNode('丙'),
        $createFootnoteNode('fn-c', '尾注一', 'endnote'),
      );
      $getRoot().append(p);
    },
    { discrete: true },
  );
  return editor;
}

const kinds = (editor: LexicalEditor) =>
  editor.getEditorState().read(() => $allNotes().map((n) => `${n.getId()}:${n.getKind()}`));

describe('converting notes', () => {
  it('converts all footnotes to endnotes, and one undo takes it back', async () => {
    const editor = notesEditor();
    applyNoteSettings(editor, { convertAll: 'footnote' });
    expect(kinds(editor)).toEqual(['fn-a:endnote', 'fn-b:endnote', 'fn-c:endnote']);
    editor.dispatchCommand(UNDO_COMMAND, undefined);
    await expect.poll(() => kinds(editor)).toEqual(['fn-a:footnote', 'fn-b:footnote', 'fn-c:endnote']);
  });

  it('converts all endnotes to footnotes', () => {
    const editor = notesEditor();
    applyNoteSettings(editor, { convertAll: 'endnote' });
    expect(kinds(editor)).toEqual(['fn-a:footnote', 'fn-b:footnote', 'fn-c:footnote']);
  });

  it('converts one note, and keeps its id and text', () => {
    const editor = notesEditor();
    applyNoteSettings(editor, { convertId: 'fn-b' });
    expect(kinds(editor)).toEqual(['fn-a:footnote', 'fn-b:endnote', 'fn-c:endnote']);
    const json = editor.getEditorState().toJSON();
    const b = [...walk(json.root as unknown as JsonNode)].find((n) => n.id === 'fn-b');
    expect(b).toMatchObject({ type: 'footnote', kind: 'endnote', text: '脚注二' });
  });

  it('finds the note at a collapsed caret beside its marker', () => {
    const editor = notesEditor();
    editor.update(
      () => {
        const text = $getRoot().getFirstDescendant();
        if (text && 'select' in text) (text as ReturnType<typeof $createTextNode>).select(1, 1);
      },
      { discrete: true },
    );
    expect(editor.getEditorState().read(() => $noteAtSelection()?.getId())).toBe('fn-a');
  });

  it('keeps each kind’s number style in the document, undoably', async () => {
    const editor = notesEditor();
    applyNoteSettings(editor, { formats: { footnote: 'symbol', endnote: 'decimal' } });
    const json = editor.getEditorState().toJSON();
    expect(noteFormatsOf(json.root)).toEqual({ footnote: 'symbol', endnote: 'decimal' });
    // Saved and opened again (the .lexdoc and the cloud copy hold this JSON).
    const copy = createEditor({
      nodes: [FootnoteNode],
      onError: (e) => {
        throw e;
      },
    });
    copy.setEditorState(copy.parseEditorState(JSON.stringify(json)));
    expect(copy.getEditorState().read(() => [$getNoteFormat('footnote'), $getNoteFormat('endnote')])).toEqual(
      ['symbol', 'decimal'],
    );
    editor.dispatchCommand(UNDO_COMMAND, undefined);
    await expect.poll(() => editor.getEditorState().read(() => $getNoteFormat('footnote'))).toBe('circled');
  });

  it('reads a note saved before endnotes existed as a footnote', () => {
    const state = editorState([paragraphNode([textNode('文'), footnoteNode('fn-old', '旧注')])]);
    const editor = createEditor({
      nodes: [FootnoteNode],
      onError: (e) => {
        throw e;
      },
    });
    editor.setEditorState(editor.parseEditorState(JSON.stringify(state)));
    expect(kinds(editor)).toEqual(['fn-old:footnote']);
  });
});

const withFormats = (state: ReturnType<typeof editorState>, $: Record<string, string>) => ({
  ...state,
  root: { ...state.root, $ },
});

const noted = () =>
  withFormats(
    editorState([
      paragraphNode([
        textNode('正文'),
        footnoteNode('fn-1', '这是脚注'),
        textNode('再写'),
        footnoteNode('fn-2', '这是尾注', 'endnote'),
        textNode('。'),
      ]),
    ]),
    { wxFootnoteFormat: 'decimal', wxEndnoteFormat: 'symbol' },
  );

const xmlOf = (bytes: Uint8Array, name: string) => new TextDecoder().decode(unzipSync(bytes)[name]);

describe('DOCX', () => {
  it('writes endnotes to word/endnotes.xml and each kind’s number format', async () => {
    const bytes = await documentToDocx({ editorState: noted(), title: '注' });
    const document = xmlOf(bytes, 'word/document.xml');
    expect(document).toContain('<w:footnoteReference w:id="1"/>');
    expect(document).toMatch(/<w:endnoteReference w:id="\d+"\/>/);
    expect(document).toMatch(/<w:footnotePr>[\s\S]*?<w:numFmt w:val="decimal"\/>/);
    expect(document).toMatch(/<w:endnotePr>[\s\S]*?<w:numFmt w:val="chicago"\/>/);
    expect(xmlOf(bytes, 'word/endnotes.xml')).toContain('这是尾注');
    expect(xmlOf(bytes, 'word/footnotes.xml')).toContain('这是脚注');
    expect(xmlOf(bytes, 'word/footnotes.xml')).not.toContain('这是尾注');
  });

  it('reads endnotes back as endnotes, with the number formats', async () => {
    const back = await docxToDocument(await documentToDocx({ editorState: noted(), title: '注' }));
    const notes = [...walk(back.editorState.root as unknown as JsonNode)].filter(
      (n) => n.type === 'footnote',
    );
    expect(notes.map((n) => [n.text, n.kind ?? 'footnote'])).toEqual([
      ['这是脚注', 'footnote'],
      ['这是尾注', 'endnote'],
    ]);
    expect(noteFormatsOf(back.editorState.root)).toEqual({ footnote: 'decimal', endnote: 'symbol' });
  });

  it('writes circled numbers as decimalEnclosedCircleChinese and reads both circled formats back', async () => {
    const bytes = await documentToDocx({
      editorState: editorState([paragraphNode([textNode('x')])]),
      title: 'x',
    });
    expect(xmlOf(bytes, 'word/document.xml')).toMatch(
      /<w:footnotePr>[\s\S]*?<w:numFmt w:val="decimalEnclosedCircleChinese"\/>/,
    );
    const noteFormatsFromDocxParts = (parts: { document?: string; settings?: string }) =>
      noteFormatsOfSection(bodySection(parseWordXml(parts.document)), parseWordXml(parts.settings));
    const body = (fmt: string) =>
      `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:sectPr><w:endnotePr><w:numFmt w:val="${fmt}"/></w:endnotePr></w:sectPr></w:body></w:document>`;
    expect(noteFormatsFromDocxParts({ document: body('decimalEnclosedCircle') })).toEqual({
      endnote: 'circled',
    });
    expect(noteFormatsFromDocxParts({ document: body('lowerRoman') })).toEqual({ endnote: 'lowerRoman' });
    // A format the editor does not have keeps the default; so does a settings part that is not XML.
    expect(noteFormatsFromDocxParts({ document: body('upperLetter'), settings: '<oops' })).toEqual({});
    expect(
      noteFormatsFromDocxParts({
        settings:
          '<w:settings xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:footnotePr><w:numFmt w:val="chicago"/></w:footnotePr></w:settings>',
      }),
    ).toEqual({ footnote: 'symbol' });
  });
});

describe('.lexdoc', () => {
  it('keeps the endnotes and both number styles', () => {
    const back = lexdocToDocument(documentToLexdoc({ editorState: noted(), title: '注' }));
    expect(noteFormatsOf(back.editorState.root)).toEqual({ footnote: 'decimal', endnote: 'symbol' });
    const notes = [...walk(back.editorState.root as unknown as JsonNode)].filter(
      (n) => n.type === 'footnote',
    );
    expect(notes.map((n) => n.kind ?? 'footnote')).toEqual(['footnote', 'endnote']);
  });
});

describe('Markdown', () => {
  it('writes endnotes as [^n] notes, like footnotes', async () => {
    const markdown = await documentToMarkdown({ editorState: noted() });
    expect(markdown).toContain('[^1]');
    expect(markdown).toContain('[^2]: 这是尾注');
  });
});

describe('PDF blocks', () => {
  it('numbers endnotes apart in their style and prints them at the end under 尾注', () => {
    const blocks = blocksOf(noted());
    const first = blocks[0] as { runs: Array<{ footnote?: string; endnote?: string; noteFormat?: string }> };
    expect(first.runs.find((r) => r.footnote === '这是脚注')?.noteFormat).toBe('decimal');
    expect(first.runs.find((r) => r.footnote === '这是尾注')?.endnote).toBe('*');
    const tail = blocks.slice(-2) as Array<{ kind: string; runs: Array<{ text: string }> }>;
    expect(tail[0]?.kind).toBe('heading');
    expect(tail[0]?.runs.map((r) => r.text).join('')).toBe('尾注');
    expect(tail[1]?.runs.map((r) => r.text).join('')).toBe('* 这是尾注');
  });
});

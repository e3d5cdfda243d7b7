import { strToU8, zipSync } from 'fflate';
import { createEditor } from 'lexical';
import { describe, expect, it } from 'vitest';
import { importDocumentFile } from '../files/importFile';
import { EDITOR_NAMESPACE, editorNodes } from '../model/config';
import { documentToDocx } from './docxExport';
import { importFile } from './registry';
import { richDocument } from './testDocuments';

/** The code and message a file is refused with (or null when it is read). */
async function refusal(name: string, bytes: Uint8Array): Promise<{ code: string; message: string } | null> {
  try {
    await importFile(name, bytes);
    return null;
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
}

/**
 * A zip bomb's shape: a word/document.xml that says it unpacks to `megabytes` (zip writers record each
 * entry's unpacked size; a real 400 MB bomb takes too long to build in a test, so a small entry's recorded
 * sizes are raised to a bomb's, in its local header and in the central directory).
 */
function zipBomb(megabytes: number): Uint8Array {
  const bytes = zipSync({ 'word/document.xml': new Uint8Array(1024) }, { level: 9 });
  const view = new DataView(bytes.buffer);
  const size = megabytes * 1024 * 1024;
  for (let i = 0; i + 4 <= bytes.length; i++) {
    const signature = view.getUint32(i, true);
    if (signature === 0x04034b50) view.setUint32(i + 22, size, true); // local file header
    if (signature === 0x02014b50) view.setUint32(i + 24, size, true); // central directory entry
  }
  return bytes;
}

describe('bad files', () => {
  it('a corrupt zip renamed .docx is refused as no DOCX', async () => {
    const good = await documentToDocx({ editorState: richDocument, title: 't' });
    const corrupt = good.slice(0, Math.floor(good.length / 2));
    expect(await refusal('a.docx', corrupt)).toEqual({
      code: 'DOCX_INVALID',
      message: '文档导入失败：不是有效的 DOCX 文件（压缩包已损坏）',
    });
    expect((await refusal('b.docx', new TextEncoder().encode('PK not a zip at all')))?.code).toBe(
      'DOCX_INVALID',
    );
    // A real zip without a Word document in it.
    expect((await refusal('c.docx', zipSync({ 'a.txt': new Uint8Array([1]) })))?.code).toBe('DOCX_INVALID');
  });

  it('a DOCX whose XML really unpacks past the limits is refused, whatever sizes it declares', async () => {
    const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
    const head = strToU8(`<?xml version="1.0"?><w:document ${W}><w:body>`);
    const tail = strToU8('</w:body></w:document>');
    /** A DOCX whose body is `piece` `times` over (made by doubling copies, not a string of it). */
    const docx = (piece: string, times: number, inner = '') => {
      const unit = strToU8(piece);
      const body = new Uint8Array(unit.length * times);
      body.set(unit);
      for (let filled = unit.length; filled < body.length; filled *= 2)
        body.copyWithin(filled, 0, Math.min(filled, body.length - filled));
      const middle = strToU8(inner);
      const document = new Uint8Array(head.length + body.length + middle.length + tail.length);
      document.set(head);
      document.set(body, head.length);
      document.set(middle, head.length + body.length);
      document.set(tail, head.length + body.length + middle.length);
      return zipSync(
        { '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types/>'), 'word/document.xml': document },
        { level: 1 },
      );
    };
    // By size (60 MB of empty paragraphs in a few hundred kilobytes), by count (two million elements in
    // 12 MB), by nesting (300 levels in a few hundred bytes).
    const cases = [
      docx('<w:p/>', 10_000_000),
      docx('<w:p/>', 2_000_000),
      docx('<w:sdt><w:sdtContent>', 300, '<w:p/>'),
    ];
    expect(cases[0]?.length).toBeLessThan(1024 * 1024);
    for (const bomb of cases)
      expect(await refusal('bomb.docx', bomb)).toEqual({
        code: 'DOCX_TOO_LARGE',
        message: '文档导入失败：DOCX 解压后过大，可能是恶意文件',
      });
    // Making and refusing 60 MB of XML takes seconds on a busy machine.
  }, 60_000);

  it('a zip bomb is refused from its declared sizes, without unpacking it', async () => {
    const bomb = zipBomb(400);
    expect(bomb.length).toBeLessThan(4096);
    expect(await refusal('bomb.docx', bomb)).toEqual({
      code: 'DOCX_TOO_LARGE',
      message: '文档导入失败：DOCX 解压后过大，可能是恶意文件',
    });
  });

  it('a binary file renamed .md or .txt is refused as no text', async () => {
    const png = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    for (const name of ['a.md', 'b.markdown', 'c.txt'])
      expect(await refusal(name, png)).toEqual({
        code: 'NOT_TEXT',
        message: '文档导入失败：文件不是文本（可能是改了扩展名的二进制文件）',
      });
  });

  it('invalid JSON in a .lexdoc is LEXDOC_PARSE_ERROR; another format is LEXDOC_INVALID_FORMAT', async () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect((await refusal('a.lexdoc', bytes('{"format": "lexdoc",')))?.code).toBe('LEXDOC_PARSE_ERROR');
    expect(await refusal('a.lexdoc', bytes('{"format":"other","version":2}'))).toEqual({
      code: 'LEXDOC_INVALID_FORMAT',
      message: '无效的文档格式',
    });
  });

  it('an empty file of any kind is refused as empty', async () => {
    for (const name of ['a.md', 'a.txt', 'a.docx', 'a.lexdoc'])
      expect(await refusal(name, new Uint8Array(0))).toEqual({
        code: 'EMPTY_FILE',
        message: '文档导入失败：文件是空的',
      });
    expect((await refusal('blank.md', new TextEncoder().encode('  \n\n ')))?.code).toBe('EMPTY_FILE');
  });

  it('a 50 MB Markdown file is refused at once, before it is parsed', async () => {
    const big = new Uint8Array(50 * 1024 * 1024).fill(0x61);
    const started = performance.now();
    expect(await refusal('big.md', big)).toEqual({
      code: 'FILE_TOO_LARGE',
      message: '文档导入失败：文件超过 20 MB，无法打开',
    });
    // Well within the "seconds" even on a loaded machine: nothing is decoded or parsed.
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('an unknown extension is UNSUPPORTED_FILE', async () => {
    expect((await refusal('a.pages', new Uint8Array([1])))?.code).toBe('UNSUPPORTED_FILE');
  });

  it('leaves the open document untouched: a bad file is converted apart from the editor and refused', async () => {
    const editor = createEditor({
      namespace: EDITOR_NAMESPACE,
      nodes: [...editorNodes],
      onError: (e) => {
        throw e;
      },
    });
    editor.setEditorState(editor.parseEditorState(JSON.stringify(richDocument)));
    const before = JSON.stringify(editor.getEditorState().toJSON());
    await expect(
      importDocumentFile(new File([new Uint8Array([0x50, 0x4b, 3, 4, 0, 0])], 'x.docx')),
    ).rejects.toMatchObject({
      code: 'DOCX_INVALID',
    });
    expect(JSON.stringify(editor.getEditorState().toJSON())).toBe(before);
  });
});

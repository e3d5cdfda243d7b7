import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentToDocx } from './docxExport';
import { docxToDocument } from './docxImport';
import {
  editorState,
  horizontalRuleNode,
  type JsonNode,
  paragraphNode,
  rootChildren,
  textNode,
  walk,
} from './nodes';
import { richDocument } from './testDocuments';

/*
 * Our DOCX in a real word processor: LibreOffice (Debian's libreoffice-writer-nogui, installed by .ci/run)
 * opens it headless and saves it again as DOCX — its own writer's file, which our importer must read with
 * its footnotes and merged cells. Without soffice these tests fail and say how to install it: they never
 * skip silently.
 */
function soffice(): string {
  const found = spawnSync('sh', ['-c', 'command -v soffice || command -v libreoffice'], { encoding: 'utf8' });
  const binary = found.stdout.trim().split('\n')[0];
  if (!binary)
    throw new Error(
      'LibreOffice is not installed (soffice not found): apt-get install -y libreoffice-writer-nogui — .ci/run installs it',
    );
  return binary;
}

let dir = '';
let profile = '';

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'wx-lo-'));
  profile = mkdtempSync(path.join(tmpdir(), 'wx-lo-profile-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(profile, { recursive: true, force: true });
});

/** `soffice --headless --convert-to <filter> file` in a profile of its own; returns the output's path. */
function convert(file: string, to: string, extension: string): string {
  const outdir = mkdtempSync(path.join(dir, 'out-'));
  execFileSync(
    soffice(),
    [
      `-env:UserInstallation=${pathToFileURL(profile).href}`,
      '--headless',
      '--norestore',
      '--convert-to',
      to,
      '--outdir',
      outdir,
      file,
    ],
    { stdio: 'pipe', timeout: 120_000 },
  );
  const output = path.join(outdir, `${path.basename(file, path.extname(file))}.${extension}`);
  expect(statSync(output).size).toBeGreaterThan(0);
  return output;
}

describe('DOCX in LibreOffice', () => {
  it('opens our DOCX without error and reads its text', async () => {
    const file = path.join(dir, 'report.docx');
    writeFileSync(file, await documentToDocx({ editorState: richDocument, title: '年度总结' }));
    const text = readFileSync(convert(file, 'txt:Text (encoded):UTF8', 'txt'), 'utf8');
    for (const word of ['年度总结', '宋体五号', '横跨两列', '第二步', 'console.log(a);'])
      expect(text).toContain(word);
  }, 180_000);

  it('LibreOffice’s own DOCX of it opens here with its footnotes and merged cells', async () => {
    const file = path.join(dir, 'original.docx');
    writeFileSync(file, await documentToDocx({ editorState: richDocument, title: '年度总结' }));
    const saved = convert(file, 'docx:MS Word 2007 XML', 'docx');
    const back = await docxToDocument(readFileSync(saved));
    const all = [...walk(back.editorState.root as unknown as JsonNode)];
    expect(all.find((n) => n.type === 'footnote')?.text).toBe('数据来源：年报');
    const cells = all.filter((n) => n.type === 'tablecell');
    expect(cells.find((c) => c.colSpan === 2)).toBeDefined();
    expect(cells.find((c) => c.rowSpan === 2)).toBeDefined();
    expect(all.some((n) => n.type === 'image')).toBe(true);
    expect(all.filter((n) => n.type === 'heading')).toHaveLength(3);
  }, 180_000);

  it('keeps a horizontal rule (水平线) through LibreOffice’s own DOCX', async () => {
    const file = path.join(dir, 'rule.docx');
    const state = editorState([
      paragraphNode([textNode('上一段')]),
      horizontalRuleNode(),
      paragraphNode([textNode('下一段')]),
    ]);
    writeFileSync(file, await documentToDocx({ editorState: state, title: '分隔' }));
    const back = await docxToDocument(readFileSync(convert(file, 'docx:MS Word 2007 XML', 'docx')));
    expect(rootChildren(back.editorState).map((n) => n.type)).toEqual([
      'paragraph',
      'horizontalrule',
      'paragraph',
    ]);
  }, 180_000);
});

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_16 } from './testDocuments';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.join(here, 'cli.ts');

/** Runs wanxiang-convert from its source, as the built bin runs (node, no DOM). */
function run(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: path.join(here, '../..'),
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, stderr: result.stderr };
}

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'wx-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const leftovers = () => readdirSync(dir).filter((name) => name.endsWith('.tmp'));

describe('wanxiang-convert', () => {
  it('converts Markdown (with a picture beside it) to DOCX and back to Markdown', () => {
    writeFileSync(path.join(dir, 'chart.png'), Buffer.from(PNG_16.split(',')[1] as string, 'base64'));
    writeFileSync(
      path.join(dir, 'report.md'),
      '# 报告\n\n正文**重点**[^1]\n\n![图](chart.png)\n\n[^1]: 注释\n',
    );
    expect(run(path.join(dir, 'report.md'), path.join(dir, 'report.docx'))).toEqual({ code: 0, stderr: '' });
    const files = Object.keys(unzipSync(readFileSync(path.join(dir, 'report.docx'))));
    expect(files).toContain('word/footnotes.xml');
    expect(files.some((name) => name.startsWith('word/media/'))).toBe(true);

    expect(run(path.join(dir, 'report.docx'), path.join(dir, 'again.md')).code).toBe(0);
    const markdown = readFileSync(path.join(dir, 'again.md'), 'utf8');
    expect(markdown).toContain('# 报告');
    expect(markdown).toContain('正文**重点**[^1]');
    expect(markdown).toContain('[^1]: 注释');
    expect(markdown).toMatch(/\[image-1\]: data:image\/png;base64,/);

    expect(run(path.join(dir, 'again.md'), path.join(dir, 'again.lexdoc')).code).toBe(0);
    const lexdoc = JSON.parse(readFileSync(path.join(dir, 'again.lexdoc'), 'utf8'));
    expect(lexdoc).toMatchObject({ format: 'lexdoc', version: 2, meta: { title: '报告' } });
    expect(leftovers()).toEqual([]);
  }, 180_000);

  it('refuses a bad input with a clear error and exit 1, leaving the output as it was', () => {
    writeFileSync(path.join(dir, 'broken.docx'), 'PK\u0003\u0004 broken');
    writeFileSync(path.join(dir, 'keep.md'), '原来的内容');
    const result = run(path.join(dir, 'broken.docx'), path.join(dir, 'keep.md'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('文档导入失败：不是有效的 DOCX 文件');
    expect(readFileSync(path.join(dir, 'keep.md'), 'utf8')).toBe('原来的内容');

    const missing = run(path.join(dir, 'nope.md'), path.join(dir, 'nope.docx'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('找不到输入文件');
    expect(existsSync(path.join(dir, 'nope.docx'))).toBe(false);
    expect(leftovers()).toEqual([]);
  }, 180_000);

  it('writes a PDF whose text is the document, and says which formats it cannot write', () => {
    writeFileSync(path.join(dir, 'a.txt'), '第一行文字\n第二行，标点不在行首。');
    const pdf = run(path.join(dir, 'a.txt'), path.join(dir, 'a.pdf'));
    expect(pdf).toEqual({ code: 0, stderr: '' });
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'a.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('第一行文字');
    expect(text).toContain('第二行，标点不在行首。');
    expect(run(path.join(dir, 'a.txt'), path.join(dir, 'a.odt')).stderr).toContain('不支持导出为 .odt');
    expect(run(path.join(dir, 'a.pages'), path.join(dir, 'a.md')).stderr).toContain('不支持的文件类型');
    expect(run(path.join(dir, 'a.txt')).code).toBe(2);
  }, 180_000);
});

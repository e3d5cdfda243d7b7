import { describe, expect, test } from 'vitest';
import { exportFileName, importKindOf, UnsupportedFileError } from './fileNames';

describe('importKindOf', () => {
  test.each([
    ['笔记.md', 'markdown'],
    ['README.MARKDOWN', 'markdown'],
    ['a.b.txt', 'text'],
    ['报告.docx', 'docx'],
    ['草稿.lexdoc', 'lexdoc'],
  ] as const)('%s opens as %s', (name, kind) => {
    expect(importKindOf(name)).toBe(kind);
  });

  test.each(['图片.png', 'noextension', 'archive.doc.zip'])('%s is refused with UNSUPPORTED_FILE', (name) => {
    expect(() => importKindOf(name)).toThrow(UnsupportedFileError);
    try {
      importKindOf(name);
    } catch (error) {
      expect((error as UnsupportedFileError).code).toBe('UNSUPPORTED_FILE');
    }
  });
});

describe('exportFileName', () => {
  test('replaces every character a file system refuses', () => {
    expect(exportFileName('a\\b/c:d*e?f"g<h>i|j', 'pdf')).toBe('a_b_c_d_e_f_g_h_i_j.pdf');
  });
  test('keeps Chinese titles as they are', () => {
    expect(exportFileName('季度报告 2026', 'docx')).toBe('季度报告 2026.docx');
  });
  test('an empty title falls back to the default title', () => {
    expect(exportFileName('   ', 'md')).toBe('未命名文档.md');
  });
});

import { MAX_ATTACHMENT_BYTES } from '@wanxiang/api-client';
import { describe, expect, it } from 'vitest';
import { checkFiles, formatSize } from './validate';

const sized = (name: string, type: string, size: number) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('checkFiles', () => {
  it('accepts the listed types, and the listed endings whatever the declared type', () => {
    const files = [
      sized('a.png', 'image/png', 10),
      sized('notes.md', '', 10),
      sized('data.csv', 'application/vnd.ms-excel', 10),
      sized('old.doc', 'application/octet-stream', 10),
    ];
    expect(checkFiles(files, 0)).toEqual({ accepted: files, message: null });
  });

  it('names each refused file, joined with ；', () => {
    const big = sized('big.pdf', 'application/pdf', MAX_ATTACHMENT_BYTES + 1);
    const exe = sized('setup.exe', 'application/x-msdownload', 10);
    const ok = sized('ok.txt', 'text/plain', 10);
    expect(checkFiles([big, ok, exe], 0)).toEqual({
      accepted: [ok],
      message: 'big.pdf 超过 30MB 大小限制；setup.exe 文件类型不支持',
    });
    expect(checkFiles([sized('edge.pdf', 'application/pdf', MAX_ATTACHMENT_BYTES)], 0).message).toBeNull();
  });

  it('keeps no more than ten files to a message', () => {
    const files = Array.from({ length: 3 }, (_, i) => sized(`f${i}.txt`, 'text/plain', 1));
    const checked = checkFiles(files, 9);
    expect(checked.accepted).toHaveLength(1);
    expect(checked.message).toBe('一条消息最多附带 10 个文件');
  });

  it('shows sizes as people read them', () => {
    expect([
      formatSize(512),
      formatSize(12_345),
      formatSize(1.5 * 1024 ** 2),
      formatSize(30 * 1024 ** 2),
    ]).toEqual(['512 B', '12 KB', '1.5 MB', '30 MB']);
  });
});

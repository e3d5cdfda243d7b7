import { describe, expect, it } from 'vitest';
import { createApiClient } from '../client';
import { createMemoryStorage } from '../storage/storage';
import { accessToken, createFakeFetch, type FakeHandler, json } from '../testing/helpers';
import { ExportError } from './exports';

function setup(handler: FakeHandler) {
  const fetch = createFakeFetch(handler);
  const client = createApiClient({ fetch, storage: createMemoryStorage(), lock: null, autoRefresh: false });
  client.tokens.setSession({ access: accessToken(Date.now(), 600), refresh: 'r1' });
  return { fetch, client };
}

const DOC = '7d7c3f1e-4a55-4c1d-9a53-0a1f1d7a9d11';
const FILE = '0b6f1c2a-5d1e-4f7a-8c3b-2e9d4a6b7c8d';
const task = {
  id: FILE,
  format: 'pdf',
  file_name: '季度报告.pdf',
  size: 4,
  mime: 'application/pdf',
  download_url: `/api/exports/${FILE}`,
  expires_at: '2026-11-26T03:00:00.000Z',
};

describe('exports', () => {
  it('exports a cloud document and downloads the file with the token', async () => {
    const { client, fetch } = setup((request) =>
      request.method === 'POST' ? json(task, { status: 201 }) : new Response('%PDF', { status: 200 }),
    );
    const made = await client.exports.cloud(DOC, 'pdf');
    expect(fetch.calls[0]).toMatchObject({ method: 'POST', url: `/api/docs/${DOC}/export` });
    expect(fetch.calls[0]?.body).toEqual({ format: 'pdf' });
    const file = await client.exports.download(made);
    expect(fetch.calls[1]).toMatchObject({ method: 'GET', url: `/api/exports/${FILE}` });
    expect(fetch.calls[1]?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(file.fileName).toBe('季度报告.pdf');
    expect(await file.blob.text()).toBe('%PDF');
  });

  it('says 导出失败（status） with the server’s reason, and 瞬时导出失败 for a transient export', async () => {
    const { client } = setup(() => json({ detail: '导出超时' }, { status: 503 }));
    const cloud = await client.exports.cloud(DOC, 'docx').catch((caught: unknown) => caught);
    expect(cloud).toBeInstanceOf(ExportError);
    expect((cloud as ExportError).message).toBe('导出失败（503）：导出超时');
    const transient = await client.exports
      .transient({ format: 'pdf', lexdoc: { format: 'lexdoc' } })
      .catch((caught: unknown) => caught);
    expect((transient as ExportError).message).toBe('瞬时导出失败（503）：导出超时');
  });

  it('refuses an answer without a download address', async () => {
    const { client } = setup(() => json({ id: FILE }, { status: 201 }));
    const error = await client.exports.cloud(DOC, 'pdf').catch((caught: unknown) => caught);
    expect((error as ExportError).message).toBe('导出任务已创建，但未返回可下载地址。');
  });

  it('reports an expired download with the server’s words', async () => {
    const { client } = setup(() =>
      json(
        { detail: '下载地址已过期，导出文件已清理。请重新导出。', code: 'export_expired' },
        { status: 410 },
      ),
    );
    const error = await client.exports
      .download({ ...task, format: 'pdf' })
      .catch((caught: unknown) => caught);
    expect((error as ExportError).message).toBe(
      '导出失败（410）：下载地址已过期，导出文件已清理。请重新导出。',
    );
  });
});

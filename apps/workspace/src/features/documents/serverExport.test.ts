import type { ExportTask } from '@wanxiang/api-client';
import { createMemoryDocumentRepository, documentToLexdoc } from '@wanxiang/editor';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paragraphs } from './cloudFixtures';
import { cloudLinks, documentHash } from './cloudLinks';
import { createServerExporter } from './serverExport';

const OWNER = 'user-1';
const CLOUD = '00000000-0000-4000-8000-000000000001';

beforeEach(() => {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
  });
});
afterEach(() => vi.unstubAllGlobals());

function fakeExports() {
  const calls: string[] = [];
  const task = (format: ExportTask['format']): ExportTask => ({
    id: '00000000-0000-4000-8000-0000000000aa',
    format,
    file_name: `报告.${format}`,
    size: 3,
    mime: 'application/pdf',
    download_url: '/api/exports/00000000-0000-4000-8000-0000000000aa',
    expires_at: '2026-11-26T03:00:00.000Z',
  });
  return {
    calls,
    api: {
      async cloud(id: string, format: ExportTask['format']) {
        calls.push(`cloud ${id} ${format}`);
        return task(format);
      },
      async transient(input: { format: ExportTask['format']; lexdoc?: unknown }) {
        calls.push(`transient ${input.format} ${JSON.stringify(input.lexdoc).includes('第一段')}`);
        return task(input.format);
      },
      async download(made: ExportTask) {
        calls.push(`download ${made.download_url}`);
        return { blob: new Blob(['pdf']), fileName: made.file_name, task: made };
      },
    },
  };
}

async function setup(onScreen: string[]) {
  const local = createMemoryDocumentRepository();
  const content = paragraphs('第一段');
  const record = await local.create(OWNER, { title: '报告', content });
  cloudLinks.set(OWNER, record.id, {
    cloudId: CLOUD,
    version: 1,
    savedHash: documentHash('报告', content),
    dirty: false,
  });
  const lexdoc = documentToLexdoc({
    title: '报告',
    docId: record.id,
    editorState: paragraphs(...onScreen).editorState as Parameters<typeof documentToLexdoc>[0]['editorState'],
  });
  return { local, id: record.id, lexdoc };
}

describe('the server export of a document', () => {
  it('exports a document whose cloud copy is what the editor shows by its cloud id', async () => {
    const { local, id, lexdoc } = await setup(['第一段']);
    const server = fakeExports();
    const exporter = createServerExporter({ exports: server.api, local, owner: OWNER });
    const file = await exporter({ format: 'pdf', title: '报告', documentId: id, lexdoc, reason: 'large' });
    expect(server.calls).toEqual([
      `cloud ${CLOUD} pdf`,
      'download /api/exports/00000000-0000-4000-8000-0000000000aa',
    ]);
    expect(file.fileName).toBe('报告.pdf');
  });

  it('sends the document itself when the editor holds changes the cloud has not', async () => {
    const { local, id, lexdoc } = await setup(['第一段', '刚写的第二段']);
    const server = fakeExports();
    const exporter = createServerExporter({ exports: server.api, local, owner: OWNER });
    await exporter({ format: 'docx', title: '报告', documentId: id, lexdoc, reason: 'fallback' });
    expect(server.calls[0]).toBe('transient docx true');
  });

  it('sends the document itself when it waits for the cloud or was never there', async () => {
    const { local, id, lexdoc } = await setup(['第一段']);
    cloudLinks.update(OWNER, id, { dirty: true });
    const server = fakeExports();
    const exporter = createServerExporter({ exports: server.api, local, owner: OWNER });
    await exporter({ format: 'pdf', title: '报告', documentId: id, lexdoc, reason: 'large' });
    cloudLinks.remove(OWNER, id);
    await exporter({ format: 'pdf', title: '报告', documentId: id, lexdoc, reason: 'large' });
    expect(server.calls.filter((c) => c.startsWith('transient'))).toEqual([
      'transient pdf true',
      'transient pdf true',
    ]);
  });
});

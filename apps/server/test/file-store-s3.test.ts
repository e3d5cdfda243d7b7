/**
 * The S3 file store against a local HTTP server that speaks the three S3 calls it uses (PutObject,
 * GetObject, DeleteObject) and checks that each request is SigV4-signed for the bucket's region.
 */

import { writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3FileStore } from '../src/modules/files/s3';
import { tempDir } from './helpers';

const objects = new Map<string, { body: Buffer; type: string }>();
const seen: { method: string; url: string; auth: string; sha: string; length: string | undefined }[] = [];

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const server = createServer(async (request, response) => {
  const url = request.url ?? '';
  seen.push({
    method: request.method ?? '',
    url,
    auth: String(request.headers.authorization ?? ''),
    sha: String(request.headers['x-amz-content-sha256'] ?? ''),
    length: request.headers['content-length'],
  });
  if (!String(request.headers.authorization).startsWith('AWS4-HMAC-SHA256 Credential=test-key/')) {
    response.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
    return;
  }
  if (request.method === 'PUT') {
    objects.set(url, { body: await body(request), type: String(request.headers['content-type']) });
    response.writeHead(200).end();
  } else if (request.method === 'GET') {
    const found = objects.get(url);
    if (!found) response.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
    else response.writeHead(200, { 'content-type': found.type }).end(found.body);
  } else if (request.method === 'DELETE') {
    objects.delete(url);
    response.writeHead(204).end();
  } else response.writeHead(405).end();
});

describe('the S3 file store', () => {
  let endpoint = '';
  let dir: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    dir = await tempDir('wx-s3-');
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await dir.remove();
  });

  it('puts a file streamed with its length, reads it back, and deletes it, every call signed', async () => {
    const store = new S3FileStore({
      bucket: 'wanxiang',
      endpoint,
      region: 'cn-north-1',
      accessKeyId: 'test-key',
      secretAccessKey: 'test-secret',
      pathStyle: true,
    });
    const key = 'chat/0b6f1c1e-6a77-4c3e-9d2a-3f1b2c4d5e6f/5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
    const source = path.join(dir.dir, 'upload');
    const content = Buffer.from('万象 S3 测试\n'.repeat(1000));
    await writeFile(source, content);
    await store.put(key, source, 'text/plain');
    const put = seen.at(-1);
    expect(put).toMatchObject({ method: 'PUT', url: `/wanxiang/${key}`, sha: 'UNSIGNED-PAYLOAD' });
    expect(put?.length).toBe(String(content.length));
    expect(put?.auth).toContain('/cn-north-1/s3/aws4_request');

    const stream = await store.open(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(content)).toBe(true);

    await store.delete([key]);
    expect(await store.open(key)).toBeUndefined();
    await expect(store.delete(['../../etc/passwd'])).rejects.toThrow('invalid file key');
  });
});

/**
 * The file store on S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, Alibaba OSS, Tencent COS…),
 * for servers that outgrow one machine. Three calls are used: PutObject, GetObject, DeleteObject. Requests
 * are signed with aws4fetch (a 2 kB SigV4 signer on Web Crypto) rather than @aws-sdk/client-s3, whose
 * several megabytes of generated clients would serve three calls. An upload is streamed from its staging
 * file with its length and an unsigned payload (`UNSIGNED-PAYLOAD`, as the SDK does for streams over
 * HTTPS), through node:http because fetch cannot send a streamed body with a Content-Length.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient, AwsV4Signer } from 'aws4fetch';
import { checkKey } from './keys';
import type { FileStore } from './store';

export interface S3Settings {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  pathStyle: boolean;
}

export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  private readonly client: AwsClient;

  constructor(private readonly settings: S3Settings) {
    this.client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      service: 's3',
      region: settings.region,
      retries: 2,
    });
  }

  private urlOf(key: string): string {
    const endpoint = new URL(this.settings.endpoint);
    const object = checkKey(key).split('/').map(encodeURIComponent).join('/');
    const base = endpoint.pathname.replace(/\/$/, '');
    if (this.settings.pathStyle) {
      return `${endpoint.origin}${base}/${encodeURIComponent(this.settings.bucket)}/${object}`;
    }
    return `${endpoint.protocol}//${this.settings.bucket}.${endpoint.host}${base}/${object}`;
  }

  async put(key: string, source: string, contentType: string): Promise<void> {
    const { size } = await stat(source);
    const signed = await new AwsV4Signer({
      url: this.urlOf(key),
      method: 'PUT',
      headers: {
        'content-type': contentType,
        'content-length': String(size),
        'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
      },
      accessKeyId: this.settings.accessKeyId,
      secretAccessKey: this.settings.secretAccessKey,
      service: 's3',
      region: this.settings.region,
    }).sign();
    const url = new URL(signed.url.toString());
    const headers = Object.fromEntries(signed.headers.entries());
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    await new Promise<void>((resolve, reject) => {
      const request = send(url, { method: 'PUT', headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve();
          else
            reject(
              new Error(`S3 PutObject ${status}: ${Buffer.concat(chunks).toString('utf8').slice(0, 300)}`),
            );
        });
        response.on('error', reject);
      });
      request.on('error', reject);
      pipeline(createReadStream(source), request).catch(reject);
    });
  }

  async open(key: string): Promise<Readable | undefined> {
    const response = await this.client.fetch(this.urlOf(key), { method: 'GET' });
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok || !response.body) {
      const text = await response.text();
      throw new Error(`S3 GetObject ${response.status}: ${text.slice(0, 300)}`);
    }
    return Readable.fromWeb(response.body as unknown as WebReadableStream);
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(
      keys.map(async (key) => {
        const response = await this.client.fetch(this.urlOf(key), { method: 'DELETE' });
        await response.body?.cancel();
        // S3 answers 204 for a key that does not exist too.
        if (!response.ok && response.status !== 404) throw new Error(`S3 DeleteObject ${response.status}`);
      }),
    );
  }
}

/**
 * A fetch built on XMLHttpRequest, for the one thing fetch cannot do over HTTP/1.1: report how much of a
 * request body has been sent. The answer is still handed over as a streaming `Response` (fed from
 * `responseText` as it grows), so an upload with progress can read a server-sent stream like any other
 * call, and the HTTP core keeps its token, retry and timeout rules around it.
 */
import type { FetchLike } from './httpClient';

export type UploadProgress = (sent: number, total: number) => void;

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

export function xhrFetch(onUploadProgress: UploadProgress): FetchLike {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'GET', input);
      new Headers(init.headers).forEach((value, name) => {
        xhr.setRequestHeader(name, value);
      });
      const encoder = new TextEncoder();
      let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
      let seen = 0;
      let answered = false;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          stream = controller;
        },
        cancel() {
          xhr.abort();
        },
      });
      const push = () => {
        const text = xhr.responseText;
        if (text.length > seen) {
          stream?.enqueue(encoder.encode(text.slice(seen)));
          seen = text.length;
        }
      };
      const fail = (error: Error) => {
        if (!answered) reject(error);
        else stream?.error(error);
      };
      xhr.upload.onprogress = (event) =>
        onUploadProgress(event.loaded, event.lengthComputable ? event.total : 0);
      xhr.upload.onload = () => onUploadProgress(1, 1);
      xhr.onreadystatechange = () => {
        if (xhr.readyState < XMLHttpRequest.HEADERS_RECEIVED || answered) return;
        answered = true;
        resolve(
          new Response(body, {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: headersOf(xhr.getAllResponseHeaders()),
          }),
        );
      };
      xhr.onprogress = push;
      xhr.onload = () => {
        push();
        stream?.close();
      };
      xhr.onerror = () => fail(new TypeError('Failed to fetch'));
      xhr.onabort = () => fail(new DOMException('The operation was aborted.', 'AbortError'));
      init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      if (init.signal?.aborted) {
        xhr.abort();
        return;
      }
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}

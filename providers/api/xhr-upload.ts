/**
 * The client's `upload` dependency in the browser: a request over XMLHttpRequest, the only browser API
 * that reports upload progress, answered as a fetch Response so the client treats it like any other
 * (retries, session refresh, request log).
 */
export function xhrUpload(url: string, init: RequestInit, onProgress: (percent: number) => void): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    xhr.withCredentials = init.credentials === 'include';
    for (const [k, v] of Object.entries((init.headers ?? {}) as Record<string, string>)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    // a TypeError like fetch's, so the client sees "no answer" (never retried, docs/product/errors.md)
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    init.signal?.addEventListener('abort', () => xhr.abort());
    xhr.onload = () => {
      const headers = new Headers();
      const id = xhr.getResponseHeader('X-Request-Id');
      if (id) headers.set('X-Request-Id', id);
      const retryAfter = xhr.getResponseHeader('Retry-After');
      if (retryAfter) headers.set('Retry-After', retryAfter);
      // Response refuses a body for 204/205/304
      const body = [204, 205, 304].includes(xhr.status) ? null : xhr.responseText;
      resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers }));
    };
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

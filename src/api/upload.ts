/**
 * Multipart uploads with the browser's progress events (docs/areas/library.md#for-users). Its own module,
 * so that only the screens that upload download it, never the login page.
 */
import { api } from './client';
import { settle, type Result } from './http';
import { contentOf, IDEMPOTENCY_HEADER, keyFor, settleKey } from './idempotency';

export interface UploadOptions {
  /** Bytes of the request body sent so far, and its total size (0 while unknown). */
  onProgress: (loaded: number, total: number) => void;
  /** Aborting it cancels the upload (the result is a CANCEL_ERROR failure). */
  signal: AbortSignal;
}

/**
 * Posts a multipart form and reports the bytes sent as the browser sends them (XMLHttpRequest
 * upload progress through apisauce/axios). No time-out: a large file on a slow line may take
 * longer than the API time-out, and the user can cancel.
 */
export async function upload<T>(url: string, form: FormData, options: UploadOptions): Promise<Result<T>> {
  // Every upload saves something: a retry of the same form is the same action.
  const content = contentOf(url, form);
  const response = await api.post(url, form, {
    headers: { 'Content-Type': 'multipart/form-data', [IDEMPOTENCY_HEADER]: keyFor(content) },
    timeout: 0,
    signal: options.signal,
    onUploadProgress: (event) => options.onProgress(event.loaded, event.total ?? 0),
  });
  const result = settle<T>(response, { session: true });
  settleKey(content, result);
  return result;
}

/**
 * Multipart uploads with the browser's progress events (docs/product.md#library). Its own module,
 * so that only the screens that upload download it, never the login page.
 */
import { api } from './client';
import { settle, type Result } from './http';

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
  const response = await api.post(url, form, {
    headers: { 'Content-Type': 'multipart/form-data' },
    timeout: 0,
    signal: options.signal,
    onUploadProgress: (event) => options.onProgress(event.loaded, event.total ?? 0),
  });
  return settle<T>(response, { session: true });
}

/** The transcript and its PDF (docs/product.md#transcript). */
import type { Transcript } from '../../contract/transcript';
import { post } from './http';

export const transcriptApi = {
  load: () => post<Transcript>('api/misc/transcript.json', {}, { session: true }),
};

export const TRANSCRIPT_PDF_URL = '/api/misc/transcript.pdf';

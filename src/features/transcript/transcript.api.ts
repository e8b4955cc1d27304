/** The transcript and its PDF (docs/areas/transcript.md#for-users). */
import type { Transcript } from '@contract/transcript';
import { post } from '@api/http';

export const transcriptApi = {
  load: () => post<Transcript>('api/misc/transcript.json', {}, { session: true }),
  /** Revokes every transcript issued so far: their QR codes then say revoked. */
  revoke: () => post<{ revoked: true }>('api/misc/transcript/revoke.json', {}, { session: true }),
};

export const TRANSCRIPT_PDF_URL = '/api/misc/transcript.pdf';

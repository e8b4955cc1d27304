/** The documents' calls and file URLs (docs/areas/documents.md#calls). */
import type {
  DOCUMENT_FILE_FIELD,
  DOCUMENT_MAX_MB,
  DocumentDetail,
  DocumentItem,
  DocumentListBody,
  DocumentOptions,
  DocumentUpdateBody,
} from '@contract/documents';
import { post } from '@api/http';

// The client takes only types from the contract: these copies are checked against it by tsc.
export const FILE_FIELD: typeof DOCUMENT_FILE_FIELD = 'file';
export const MAX_MB: typeof DOCUMENT_MAX_MB = 20;
export const CATEGORIES = ['regulation', 'order', 'template', 'form'] as const;
export const AUDIENCES = ['all', 'students', 'teachers', 'staff'] as const;
/** The file kinds a document may be (the server checks the content too). */
export const ACCEPT = '.pdf,.docx,.xlsx,.odt';
export const CREATE_URL = 'api/documents/create';
export const VERSION_URL = 'api/documents/version';

const session = { session: true } as const;

export const documentsApi = {
  options: () => post<DocumentOptions>('api/documents/options.json', {}, session),
  list: (body: DocumentListBody) => post<DocumentItem[]>('api/documents/list.json', body, session),
  detail: (id: number) => post<DocumentDetail>('api/documents/document.json', { id }, session),
  update: (body: DocumentUpdateBody) => post<DocumentDetail>('api/documents/update.json', body, session),
  withdraw: (id: number) => post<{ withdrawn: true }>('api/documents/withdraw.json', { id }, session),
};

/** A document's newest file, or one version's, as an attachment. */
export const documentFileUrl = (id: number, version?: number) => `/api/documents/download.file?id=${id}${version === undefined ? '' : `&version=${version}`}`;

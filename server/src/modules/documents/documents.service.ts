/**
 * The university's documents (docs/areas/documents.md#for-users). The rules:
 * - Reading: an administrator reads every document; anyone else those of the whole university or of
 *   his own faculty whose audience is his (everyone; students for a student; teachers for any
 *   employee's account; staff for an account holding an office right), and a dean's office every
 *   document of its faculty. A document he may not read is 404, in the list, its page and its files.
 * - Uploading: the administrator (any faculty, or the whole university) and a faculty's dean's office
 *   (its faculty only) add documents and new versions; others 403, before a byte of the form is read.
 * - Files: PDF, DOCX, XLSX or ODT by their content (400 UNSUPPORTED_TYPE), at most DOCUMENT_MAX_MB
 *   (413 TOO_LARGE); stored as the library's, in one transaction with the rows, so a refused upload
 *   leaves no row and no byte. A new version keeps the old ones.
 * - Correcting: who manages a document (the administrator; a dean's office its faculty's) edits its
 *   texts, category and audience, and withdraws it; others who upload get 403 DOCUMENT_NOT_MANAGED,
 *   anyone else 403. A withdrawn document keeps its rows and files with who withdrew it and when, and
 *   is 404 to every call from then on.
 */
import type { Language } from '@contract/common';
import {
  DOCUMENT_FILE_FIELD,
  DOCUMENT_MAX_MB,
  DOCUMENT_SEARCH_MIN,
  type DocumentCreateFields,
  type DocumentDetail,
  type DocumentFileQuery,
  type DocumentItem,
  type DocumentListBody,
  type DocumentOptions,
  type DocumentUpdateBody,
  type DocumentVersionFields,
} from '@contract/documents';
import { AppError, badRequest, forbidden, notFound } from '../../app-error';
import type { AppContext } from '../../context';
import { localName } from '../../i18n';
import { fullName } from '../../lib/person';
import type { Download, IncomingFile, MultipartInput } from '../../plugins/files';
import { PDF_TYPE } from '../../plugins/sniff';
import type { AuthInfo } from '../../shared/caller';
import { plainText } from '../../shared/plain-text';
import { UploadRules } from '../../shared/upload-rules';
import * as repo from './documents.repository';
import { foldText, searchTextOf } from './documents.schema';

/** The types a document's file may be, as the content sniffing names them. */
export const DOCUMENT_TYPES: ReadonlySet<string> = new Set([
  PDF_TYPE,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.text',
]);
const MB = 1024 * 1024;

/** The six texts as stored: titles as plain text, descriptions trimmed; 400 naming titleRu when no title is left. */
function textsOf(fields: Partial<Record<keyof repo.DocumentTexts, string>>): repo.DocumentTexts {
  const texts = {
    titleRu: plainText(fields.titleRu ?? ''),
    titleKg: plainText(fields.titleKg ?? ''),
    titleEn: plainText(fields.titleEn ?? ''),
    descriptionRu: (fields.descriptionRu ?? '').trim(),
    descriptionKg: (fields.descriptionKg ?? '').trim(),
    descriptionEn: (fields.descriptionEn ?? '').trim(),
  };
  if (!texts.titleRu && !texts.titleKg && !texts.titleEn) throw badRequest({ field: 'titleRu' });
  return texts;
}

/** The text in the language asked for, else the first the uploader typed (Russian, Kyrgyz, English). */
const pick = (texts: { ru: string; kg: string; en: string }, lang: Language) => texts[lang] || texts.ru || texts.kg || texts.en;

export class DocumentsService {
  private readonly uploads: UploadRules;

  constructor(private readonly ctx: AppContext) {
    this.uploads = new UploadRules(ctx);
  }

  private reader(auth: AuthInfo): Promise<repo.Reader> {
    return repo.readerOf(this.ctx.db, auth.userId);
  }

  private static mayUpload(r: repo.Reader): boolean {
    return r.admin || r.deanFacultyId !== null;
  }

  private static mayManage(r: repo.Reader, facultyId: number | null): boolean {
    return r.admin || (r.deanFacultyId !== null && facultyId === r.deanFacultyId);
  }

  async options(auth: AuthInfo, lang: Language): Promise<DocumentOptions> {
    const r = await this.reader(auth);
    if (!DocumentsService.mayUpload(r)) return { mayUpload: false, faculties: [], facultyRequired: false };
    const faculties = await repo.facultyNames(this.ctx.db, r.admin ? null : r.deanFacultyId);
    return { mayUpload: true, faculties: faculties.map((f) => ({ id: f.id, name: localName(f, lang) })), facultyRequired: !r.admin };
  }

  /** 403 before the form is read for a caller who uploads nothing. */
  async assertMayUpload(auth: AuthInfo): Promise<void> {
    if (!DocumentsService.mayUpload(await this.reader(auth))) throw forbidden();
  }

  async list(auth: AuthInfo, input: DocumentListBody, lang: Language): Promise<DocumentItem[]> {
    const folded = foldText(input.text ?? '');
    if (folded.length > 0 && folded.length < DOCUMENT_SEARCH_MIN) throw badRequest({ field: 'text' });
    const r = await this.reader(auth);
    const rows = await repo.listFor(this.ctx.db, r, { category: input.category, folded: folded || undefined });
    return rows.map((row) => this.item(r, row, lang));
  }

  async detail(auth: AuthInfo, id: number, lang: Language): Promise<DocumentDetail> {
    const r = await this.reader(auth);
    const row = await repo.findFor(this.ctx.db, r, id);
    if (!row) throw notFound();
    const versions = await repo.versionsOf(this.ctx.db, id);
    return {
      document: this.item(r, row, lang),
      texts: {
        titleRu: row.titleRu,
        titleKg: row.titleKg,
        titleEn: row.titleEn,
        descriptionRu: row.descriptionRu,
        descriptionKg: row.descriptionKg,
        descriptionEn: row.descriptionEn,
      },
      versions: versions.map((v) => ({
        id: v.id,
        number: v.number,
        fileName: v.fileName,
        fileSize: v.fileSize,
        mime: v.mime,
        uploadedAt: new Date(v.uploadedAtMs).toISOString(),
        uploadedBy: v.surname ? fullName({ surname: v.surname, name: v.name ?? '', patronymic: v.patronymic }) : v.login,
        note: v.note,
      })),
    };
  }

  /** create (multipart): a new document with its first version. */
  async create(auth: AuthInfo, upload: MultipartInput<DocumentCreateFields>, lang: Language): Promise<DocumentDetail> {
    const id = await upload(async ({ fields, files }) => {
      const r = await this.reader(auth);
      if (!DocumentsService.mayUpload(r)) throw forbidden();
      const texts = textsOf(fields);
      const facultyId = fields.id_faculty ?? null;
      if (!r.admin && facultyId !== r.deanFacultyId) throw forbidden();
      if (facultyId !== null && (await repo.facultyNames(this.ctx.db, facultyId)).length === 0) throw badRequest({ field: 'id_faculty' });
      const file = this.documentFile(files);
      await this.ctx.files.put(file);
      return this.ctx.db.transaction(async (tx) => {
        await this.uploads.assertFits(tx, auth, file.size);
        const stored = await this.ctx.files.save(tx, auth.userId, file);
        const at = this.ctx.now();
        const documentId = await repo.insertDocument(tx, {
          ...texts,
          category: fields.category,
          audience: fields.audience,
          facultyId,
          searchText: searchTextOf(Object.values(texts)),
          createdByUserId: auth.userId,
          createdAt: at,
        });
        await repo.addVersion(tx, { documentId, fileId: stored.id, userId: auth.userId, at, note: '' });
        return documentId;
      });
    });
    return this.detail(auth, id, lang);
  }

  /** version (multipart): a new version of a document the caller manages; the old ones are kept. */
  async addVersion(auth: AuthInfo, upload: MultipartInput<DocumentVersionFields>, lang: Language): Promise<DocumentDetail> {
    const id = await upload(async ({ fields, files }) => {
      const r = await this.reader(auth);
      const row = await repo.findFor(this.ctx.db, r, fields.id);
      if (!row) throw notFound();
      if (!DocumentsService.mayManage(r, row.facultyId)) throw new AppError(403, 'DOCUMENT_NOT_MANAGED');
      const file = this.documentFile(files);
      await this.ctx.files.put(file);
      await this.ctx.db.transaction(async (tx) => {
        await this.uploads.assertFits(tx, auth, file.size);
        const stored = await this.ctx.files.save(tx, auth.userId, file);
        const note = plainText(fields.note ?? '');
        if ((await repo.addVersion(tx, { documentId: row.id, fileId: stored.id, userId: auth.userId, at: this.ctx.now(), note })) === null) throw notFound();
      });
      return row.id;
    });
    return this.detail(auth, id, lang);
  }

  /**
   * A document in force the caller manages: 403 for anyone who uploads nothing (whatever the id), 404
   * for none (or a withdrawn one), 403 DOCUMENT_NOT_MANAGED for another faculty's or the university's
   * to a dean's office.
   */
  private async managed(auth: AuthInfo, id: number): Promise<repo.DocumentRow> {
    const r = await this.reader(auth);
    if (!DocumentsService.mayUpload(r)) throw forbidden();
    const row = await repo.findActive(this.ctx.db, id);
    if (!row) throw notFound();
    if (!DocumentsService.mayManage(r, row.facultyId)) throw new AppError(403, 'DOCUMENT_NOT_MANAGED');
    return row;
  }

  /** update.json: a managed document's texts, category and audience (its faculty and versions stay). */
  async update(auth: AuthInfo, input: DocumentUpdateBody, lang: Language): Promise<DocumentDetail> {
    await this.managed(auth, input.id);
    const texts = textsOf(input);
    await this.ctx.db.transaction(async (tx) => {
      if (!(await repo.lockActive(tx, input.id))) throw notFound();
      await repo.updateDocument(tx, input.id, { ...texts, category: input.category, audience: input.audience, searchText: searchTextOf(Object.values(texts)) });
    });
    return this.detail(auth, input.id, lang);
  }

  /** withdraw.json: the document leaves every list, search and download; its rows and files stay, with who and when. */
  async withdraw(auth: AuthInfo, id: number): Promise<void> {
    await this.managed(auth, id);
    await this.ctx.db.transaction(async (tx) => {
      if (!(await repo.lockActive(tx, id))) throw notFound();
      await repo.withdraw(tx, id, auth.userId, this.ctx.now());
    });
  }

  /** The newest version's file, or the version asked for, of a document the caller may read. */
  async file(auth: AuthInfo, query: DocumentFileQuery): Promise<Download> {
    const row = await repo.findFor(this.ctx.db, await this.reader(auth), query.id);
    if (!row) throw notFound();
    let fileId = row.fileId;
    if (query.version !== undefined) {
      const version = (await repo.versionsOf(this.ctx.db, row.id)).find((v) => v.id === query.version);
      if (!version) throw notFound();
      fileId = version.fileId;
    }
    const file = await this.ctx.files.find(this.ctx.db, fileId);
    if (!file) throw notFound();
    return file;
  }

  /** The one file of the form: of an allowed type (400) and within the documents' size limit (413). */
  private documentFile(files: IncomingFile[]): IncomingFile {
    if (files.length !== 1 || files[0].field !== DOCUMENT_FILE_FIELD) throw badRequest({ field: DOCUMENT_FILE_FIELD });
    const [file] = files;
    if (!DOCUMENT_TYPES.has(file.mime)) throw new AppError(400, 'UNSUPPORTED_TYPE');
    if (file.size > DOCUMENT_MAX_MB * MB) throw new AppError(413, 'TOO_LARGE', { maxSizeMb: DOCUMENT_MAX_MB });
    return file;
  }

  private item(r: repo.Reader, row: repo.DocumentRow, lang: Language): DocumentItem {
    return {
      id: row.id,
      title: pick({ ru: row.titleRu, kg: row.titleKg, en: row.titleEn }, lang),
      description: pick({ ru: row.descriptionRu, kg: row.descriptionKg, en: row.descriptionEn }, lang),
      category: row.category,
      audience: row.audience,
      id_faculty: row.facultyId,
      faculty: row.faculty ? localName(row.faculty, lang) : null,
      version: row.version,
      updatedAt: new Date(row.updatedAtMs).toISOString(),
      fileName: row.fileName,
      fileSize: row.fileSize,
      canManage: DocumentsService.mayManage(r, row.facultyId),
    };
  }
}

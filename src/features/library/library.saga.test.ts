/** Saving a book: a PDF goes with the cover made from its first page; no cover, or another format, sends none. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initialSessionState } from '@shared/session/session';
import { recordSaga } from '../../test/saga';
import { http, ok, server, teacher } from '../../test/server';
import { saveSaga } from './library.saga';
import { initialLibraryState, libraryActions, type BookDraft } from './library.slice';
import { pdfCover } from './pdfCover';

vi.mock('./pdfCover', async (importOriginal) => ({ ...(await importOriginal<typeof import('./pdfCover')>()), pdfCover: vi.fn() }));

const state = { session: { ...initialSessionState, status: 'authenticated', user: teacher }, library: initialLibraryState };
const saved = { id_eBook: 9, name: 'Учебник', author: 'Автор', description: '', totalPages: 0, fileName: 'book.pdf', fileSize: 9, mime: 'application/pdf' };
const draft = (file: File): BookDraft => ({ id: 4, categoryId: 3, name: 'Учебник', author: 'Автор', description: '', totalPages: 0, file });

let received: { files: string | null; cover: string | null } | null;

beforeEach(() => {
  received = null;
  vi.mocked(pdfCover).mockReset();
  server.use(
    http.post('/api/library/insertupdatebook', async ({ request }) => {
      const form = await request.formData();
      const text = async (name: string) => {
        const part = form.get(name);
        // (a part from jsdom's XMLHttpRequest is a Blob of another realm)
        return part && typeof part !== 'string' ? part.text() : part;
      };
      received = { files: await text('files'), cover: await text('cover') };
      return ok({ ...saved, id_bookCategory: 3, id_baseBookCategory: 1, category: 'Программирование', isFromUmk: false, canEdit: true, hasCover: true });
    }),
  );
});

describe('saving a book', () => {
  it('a PDF is sent with the image its first page was drawn into, as the cover part', async () => {
    vi.mocked(pdfCover).mockResolvedValue(new Blob(['JPEG bytes'], { type: 'image/jpeg' }));
    const pdf = new File(['%PDF-1.4 book'], 'book.pdf', { type: 'application/pdf' });
    const actions = await recordSaga(saveSaga, state, libraryActions.saveRequested(draft(pdf)));
    expect(vi.mocked(pdfCover)).toHaveBeenCalledWith(pdf);
    expect(received).toEqual({ files: '%PDF-1.4 book', cover: 'JPEG bytes' });
    expect(actions.map((a) => a.type)).toContain(libraryActions.saveSucceeded.type);
  });

  it('a PDF whose cover could not be made is sent without one; an EPUB is not drawn at all', async () => {
    vi.mocked(pdfCover).mockResolvedValue(null);
    await recordSaga(saveSaga, state, libraryActions.saveRequested(draft(new File(['%PDF-1.4'], 'scan.PDF'))));
    expect(received).toEqual({ files: '%PDF-1.4', cover: null });
    await recordSaga(saveSaga, state, libraryActions.saveRequested(draft(new File(['PK'], 'book.epub', { type: 'application/epub+zip' }))));
    expect(received).toEqual({ files: 'PK', cover: null });
    expect(vi.mocked(pdfCover)).toHaveBeenCalledTimes(1);
  });
});

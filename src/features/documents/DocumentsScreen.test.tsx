/** The documents screen: the list with its category and search, empty and failed states, a document's versions, the uploads of a dean's office, and the corrections (details edited, a refusal said, a withdrawal confirmed). */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@contract/auth';
import type { DocumentDetail, DocumentItem, DocumentOptions } from '@contract/documents';
import { initialSessionState } from '@shared/session/session';
import { makeStore, renderWithStore } from '../../test/render';
import { fail, http, ok, publicHandlers, recordRequests, server, student, teacher } from '../../test/server';
import DocumentsScreen from './DocumentsScreen';

const item = (id: number, title: string, more: Partial<DocumentItem> = {}): DocumentItem => ({
  id,
  title,
  description: `Описание ${id}`,
  category: 'regulation',
  audience: 'all',
  id_faculty: null,
  faculty: null,
  version: 1,
  updatedAt: '2026-11-20T08:00:00.000Z',
  fileName: `${title}.pdf`,
  fileSize: 2048,
  canManage: false,
  ...more,
});

const DOCS = [item(1, 'Положение о контроле', { version: 2 }), item(2, 'Приказ о сессии', { category: 'order', audience: 'students', faculty: 'ФИТ' })];

const detailOf = (doc: DocumentItem): DocumentDetail => ({
  document: doc,
  texts: { titleRu: doc.title, titleKg: '', titleEn: '', descriptionRu: doc.description, descriptionKg: '', descriptionEn: '' },
  versions: [
    {
      id: 12,
      number: 2,
      fileName: 'Положение (ред. 2).pdf',
      fileSize: 3000,
      mime: 'application/pdf',
      uploadedAt: '2026-11-20T08:00:00.000Z',
      uploadedBy: 'Жумабаева Гүлнара Асановна',
      note: 'Пересдачи',
    },
    {
      id: 11,
      number: 1,
      fileName: 'Положение.pdf',
      fileSize: 2000,
      mime: 'application/pdf',
      uploadedAt: '2026-10-01T08:00:00.000Z',
      uploadedBy: 'Жумабаева Гүлнара Асановна',
      note: '',
    },
  ],
});

let options: DocumentOptions;
let withdrawn: Set<number>;

beforeEach(() => {
  options = { mayUpload: false, faculties: [], facultyRequired: false };
  withdrawn = new Set();
  server.use(
    ...publicHandlers(),
    http.post('/api/documents/options.json', () => ok(options)),
    http.post('/api/documents/list.json', async ({ request }) => {
      const body = (await request.json()) as { category?: string; text?: string };
      return ok(
        DOCS.filter((d) => !withdrawn.has(d.id)).filter(
          (d) => (!body.category || d.category === body.category) && (!body.text || d.title.toLowerCase().includes(body.text.toLowerCase())),
        ),
      );
    }),
    http.post('/api/documents/document.json', async ({ request }) => {
      const { id } = (await request.json()) as { id: number };
      const doc = DOCS.find((d) => d.id === id);
      return doc ? ok(detailOf({ ...doc, canManage: options.mayUpload })) : fail(404, 'NOT_FOUND');
    }),
  );
});

function renderScreen(user: User, route = '/lms/documents') {
  const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', user } });
  renderWithStore(<DocumentsScreen />, { route, store });
  return userEvent.setup();
}

describe('the documents screen', () => {
  it('lists the documents with their category, audience and newest file; filters by category and finds by search', async () => {
    const log = recordRequests();
    const user = renderScreen(student);
    const list = await screen.findByTestId('doc-list');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Документы');
    expect(within(list).getAllByTestId('doc-item')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'Скачать «Положение о контроле»' })).toHaveAttribute('href', '/api/documents/download.file?id=1');
    expect(within(list).getByText('Для студентов')).toBeInTheDocument();
    expect(screen.queryByTestId('doc-new')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Приказы' }));
    expect(screen.getByRole('button', { name: 'Приказы' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.getAllByTestId('doc-item')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Все' }));
    await user.type(screen.getByLabelText('Поиск по названию и описанию'), 'ПОЛОЖ{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('doc-item').map((li) => within(li).getByRole('heading').textContent)).toEqual(['Положение о контроле']));
    expect(log.requests.filter((r) => r.path === '/api/documents/list.json').map((r) => r.body)).toContainEqual({ text: 'ПОЛОЖ' });
    log.stop();

    await user.clear(screen.getByLabelText('Поиск по названию и описанию'));
    await user.type(screen.getByLabelText('Поиск по названию и описанию'), 'нет такого{Enter}');
    expect(await screen.findByTestId('doc-empty')).toHaveTextContent('По запросу «нет такого» ничего не найдено.');
  });

  it('a failed list says so with a Retry that loads it again', async () => {
    server.use(http.post('/api/documents/list.json', () => fail(500, 'INTERNAL'), { once: true }));
    const user = renderScreen(student);
    await user.click(await screen.findByRole('button', { name: /Повторить/ }));
    expect(await screen.findByTestId('doc-list')).toBeInTheDocument();
  });

  it('a document opens with its versions, newest first, each downloadable', async () => {
    const user = renderScreen(student);
    await user.click(await screen.findByRole('link', { name: 'Положение о контроле' }));
    const page = await screen.findByTestId('doc-page');
    const versions = within(page).getAllByTestId('doc-version');
    expect(versions.map((v) => v.querySelector('strong')?.textContent)).toEqual(['Версия 2', 'Версия 1']);
    expect(within(versions[1]).getByRole('link', { name: 'Скачать версию 1: Положение.pdf' })).toHaveAttribute(
      'href',
      '/api/documents/download.file?id=1&version=11',
    );
    expect(within(versions[0]).getByText(/загрузил\(а\): Жумабаева Гүлнара Асановна/)).toBeInTheDocument();
    expect(within(page).queryByTestId('doc-new-version')).not.toBeInTheDocument();
    await user.click(within(page).getByTestId('doc-back'));
    expect(await screen.findByTestId('doc-list')).toBeInTheDocument();
  });

  it('a document the user may not read: not found', async () => {
    renderScreen(student, '/lms/documents?id=99');
    expect(await screen.findByTestId('doc-not-found')).toHaveTextContent('Документ не найден или недоступен вам.');
  });

  it('a dean’s office uploads a document (checked first) and a new version', async () => {
    options = { mayUpload: true, faculties: [{ id: 3, name: 'ФИТ' }], facultyRequired: true };
    const sent: Record<string, FormDataEntryValue>[] = [];
    server.use(
      http.post('/api/documents/create', async ({ request }) => {
        sent.push(Object.fromEntries((await request.formData()).entries()));
        return ok(detailOf(item(3, 'Приказ о практике', { canManage: true })));
      }),
      http.post('/api/documents/version', async ({ request }) => {
        sent.push(Object.fromEntries((await request.formData()).entries()));
        return ok(detailOf(item(1, 'Положение о контроле', { canManage: true, version: 3 })));
      }),
    );
    const user = renderScreen(teacher);
    await user.click(await screen.findByTestId('doc-new'));
    const form = screen.getByTestId('doc-form');
    await user.click(within(form).getByTestId('doc-submit'));
    expect(await within(form).findByText('Введите название хотя бы на одном языке')).toBeInTheDocument();
    expect(within(form).getByText('Выберите файл')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(form).getByLabelText('Название (на кыргызском)'), 'Практика боюнча буйрук');
    await user.selectOptions(within(form).getByLabelText('Категория'), 'order');
    await user.selectOptions(within(form).getByLabelText('Для кого'), 'students');
    expect(within(form).getByLabelText('Факультет')).toHaveValue('3');
    await user.upload(within(form).getByLabelText('Файл'), new File(['%PDF-1.4'], 'Практика.pdf', { type: 'application/pdf' }));
    await user.click(within(form).getByTestId('doc-submit'));
    await waitFor(() => expect(screen.queryByTestId('doc-form')).not.toBeInTheDocument());
    expect(sent[0]).toMatchObject({ titleKg: 'Практика боюнча буйрук', category: 'order', audience: 'students', id_faculty: '3' });
    expect(sent[0].titleRu).toBeUndefined();

    await user.click(screen.getByRole('link', { name: 'Положение о контроле' }));
    await user.click(await screen.findByTestId('doc-new-version'));
    const versionForm = screen.getByTestId('doc-version-form');
    await user.upload(within(versionForm).getByLabelText('Файл'), new File(['PK'], 'Положение.docx'));
    await user.type(within(versionForm).getByLabelText('Что изменилось'), 'Новая редакция');
    await user.click(within(versionForm).getByTestId('doc-submit'));
    await waitFor(() => expect(screen.queryByTestId('doc-version-form')).not.toBeInTheDocument());
    expect(sent[1]).toMatchObject({ id: '1', note: 'Новая редакция' });
  });
});

describe('corrections', () => {
  it('who manages a document edits its details, sees a refusal in his language, and withdraws it after a confirmation', async () => {
    options = { mayUpload: true, faculties: [{ id: 3, name: 'ФИТ' }], facultyRequired: false };
    const edits: Record<string, unknown>[] = [];
    let refuse = true;
    server.use(
      http.post('/api/documents/update.json', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        edits.push(body);
        if (refuse) return fail(403, 'DOCUMENT_NOT_MANAGED', 'refused');
        return ok(detailOf(item(1, String(body.titleRu), { canManage: true, category: 'order' })));
      }),
      http.post('/api/documents/withdraw.json', async ({ request }) => {
        withdrawn.add(((await request.json()) as { id: number }).id);
        return ok({ withdrawn: true });
      }),
    );
    const user = renderScreen(teacher, '/lms/documents?id=1');
    const page = await screen.findByTestId('doc-page');
    await user.click(within(page).getByTestId('doc-edit'));
    const form = await screen.findByTestId('doc-edit-form');
    expect(within(form).getByLabelText('Название (на русском)')).toHaveValue('Положение о контроле');
    await user.clear(within(form).getByLabelText('Название (на русском)'));
    await user.click(within(form).getByTestId('doc-edit-submit'));
    expect(await within(form).findByText('Введите название хотя бы на одном языке')).toBeInTheDocument();
    expect(edits).toEqual([]);

    await user.type(within(form).getByLabelText('Название (на русском)'), ' Положение о контроле (ред.) ');
    await user.selectOptions(within(form).getByLabelText('Категория'), 'order');
    await user.click(within(form).getByTestId('doc-edit-submit'));
    expect(await within(form).findByTestId('doc-edit-error')).toHaveTextContent('изменить или отозвать его может только администратор');
    refuse = false;
    await user.click(within(form).getByTestId('doc-edit-submit'));
    await waitFor(() => expect(screen.queryByTestId('doc-edit-form')).not.toBeInTheDocument());
    expect(edits[1]).toEqual({
      id: 1,
      titleRu: 'Положение о контроле (ред.)',
      titleKg: '',
      titleEn: '',
      descriptionRu: 'Описание 1',
      descriptionKg: '',
      descriptionEn: '',
      category: 'order',
      audience: 'all',
    });
    expect(within(screen.getByTestId('doc-page')).getByRole('heading', { level: 2 })).toHaveTextContent('Положение о контроле (ред.)');

    // Withdrawing asks first; Cancel keeps it.
    await user.click(screen.getByTestId('doc-withdraw'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Отозвать документ?' });
    expect(dialog).toHaveTextContent('«Положение о контроле (ред.)» исчезнет из списка и поиска у всех');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(withdrawn.size).toBe(0);
    await user.click(screen.getByTestId('doc-withdraw'));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Отозвать' }));
    const list = await screen.findByTestId('doc-list');
    expect(withdrawn).toEqual(new Set([1]));
    await waitFor(() =>
      expect(
        within(list)
          .getAllByTestId('doc-item')
          .map((li) => within(li).getByRole('heading').textContent),
      ).toEqual(['Приказ о сессии']),
    );
  });

  it('a reader sees neither the edit nor the withdrawal', async () => {
    const user = renderScreen(student);
    await user.click(await screen.findByRole('link', { name: 'Положение о контроле' }));
    const page = await screen.findByTestId('doc-page');
    expect(within(page).queryByTestId('doc-edit')).not.toBeInTheDocument();
    expect(within(page).queryByTestId('doc-withdraw')).not.toBeInTheDocument();
  });
});

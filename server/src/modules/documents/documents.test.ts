/**
 * /api/documents/* on the seeded database: who reads which documents (audience, faculty), the
 * search, the versions and their files, and the uploads (who may, which files, a refused one writing
 * nothing).
 */
import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDetail, DocumentItem } from '@contract/documents';
import { faculties, files, groups, specialities, students, users } from '../../db/schema';
import { DEMO_DEAN } from '../../db/seed/data';
import { useTestApp } from '../../test/fixture';
import { multipartPayload, PDF, type MultipartPart } from '../../test/helpers';
import { headersOf, signedIn, type SignedIn } from '../../test/requests';
import { documents, documentVersions } from './documents.schema';

const fx = useTestApp({ signIn: ['teacher', 'student', 'admin'], dataDir: 'lms-documents-', env: { UPLOAD_LIMIT_MB: '25' } });
const db = () => fx.db.database.db;

let dean: SignedIn;
let deanFaculty: number;
let otherFaculty: number;
let plainTeacher: SignedIn;

type Who = { headers: Record<string, string> };
const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(300, 1)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);

const list = async (who: Who, body: object = {}, lang?: string): Promise<DocumentItem[]> => {
  const res = await fx.post('/api/documents/list.json', who, body, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const titles = async (who: Who, body: object = {}) => (await list(who, body, 'en')).map((d) => d.title);
const byTitle = async (title: string) => (await list(fx.admin, {}, 'en')).find((d) => d.title === title)!;

function send(url: string, who: Who, fields: Record<string, string>, file: MultipartPart | null = { name: 'file', filename: 'Order.pdf', content: PDF }) {
  const { payload, contentType } = multipartPayload([...Object.entries(fields).map(([name, content]) => ({ name, content })), ...(file ? [file] : [])]);
  return fx.app.inject({ method: 'POST', url, payload, headers: { ...headersOf(who), 'content-type': contentType } });
}
const create = (who: Who, fields: Record<string, string>, file?: MultipartPart | null) => send('/api/documents/create', who, fields, file);
const version = (who: Who, id: number, file?: MultipartPart | null) => send('/api/documents/version', who, { id: String(id) }, file);

const counts = async () => ({
  documents: (await db().select({ n: count() }).from(documents))[0].n,
  versions: (await db().select({ n: count() }).from(documentVersions))[0].n,
  files: (await db().select({ n: count() }).from(files))[0].n,
  disk: fs.existsSync(path.join(fx.dataDir, 'files')) ? fs.readdirSync(path.join(fx.dataDir, 'files')).filter((n) => n !== '.tmp').length : 0,
});

beforeAll(async () => {
  dean = await signedIn(fx.app, DEMO_DEAN.login, DEMO_DEAN.password);
  const [row] = await db().select({ facultyId: users.deanFacultyId }).from(users).where(eq(users.id, dean.user.id));
  deanFaculty = row.facultyId!;
  otherFaculty = (await db().select({ id: faculties.id }).from(faculties)).find((f) => f.id !== deanFaculty)!.id;
  plainTeacher = await fx.signInUnused('plainteacher', 1);
  const [own] = await db()
    .select({ faculty: specialities.facultyId })
    .from(students)
    .innerJoin(groups, eq(groups.id, students.groupId))
    .innerJoin(specialities, eq(specialities.id, groups.specialityId))
    .where(eq(students.id, fx.student.user.uid));
  // The seeded order is for the dean's faculty's students: the demo student is one of them.
  expect(own.faculty).toBe(deanFaculty);
});

describe('who reads what', () => {
  it('a student reads the documents for everyone and for students, never those for teachers or staff', async () => {
    const seen = await titles(fx.student);
    expect(seen).toEqual(
      expect.arrayContaining([
        'Regulation on continuous and interim assessment',
        'Order on the winter examination timetable',
        'Application for academic leave',
      ]),
    );
    expect(seen).not.toContain('Course syllabus template');
    expect(seen).not.toContain('Instruction on handling personal data');
  });

  it('a teacher without an office right reads the teachers’ documents, not the staff’s; the administrator every one', async () => {
    const seen = await titles(plainTeacher);
    expect(seen).toContain('Course syllabus template');
    expect(seen).not.toContain('Instruction on handling personal data');
    expect(seen).not.toContain('Order on the winter examination timetable');
    expect(await titles(fx.admin)).toContain('Instruction on handling personal data');
    expect(await titles(dean)).toContain('Instruction on handling personal data');
  });

  it('a teachers-only document is 404 to a student: its page, its newest file and each version', async () => {
    const res = await create(
      fx.admin,
      { titleRu: 'Памятка преподавателю', category: 'template', audience: 'teachers' },
      { name: 'file', filename: 'Памятка.pdf', content: PDF },
    );
    expect(res.statusCode, res.body).toBe(200);
    const memo: DocumentDetail = res.json().data;
    expect((await fx.post('/api/documents/document.json', fx.student, { id: memo.document.id })).statusCode).toBe(404);
    expect((await fx.get(`/api/documents/download.file?id=${memo.document.id}`, fx.student)).statusCode).toBe(404);
    expect((await fx.get(`/api/documents/download.file?id=${memo.document.id}&version=${memo.versions[0].id}`, fx.student)).statusCode).toBe(404);
    expect((await list(fx.student, { text: 'памятка' })).length).toBe(0);
    const read = await fx.get(`/api/documents/download.file?id=${memo.document.id}`, plainTeacher);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(PDF)).toBe(true);
  });

  it('texts come in the caller’s language', async () => {
    expect((await list(fx.student, { category: 'form' }, 'kg')).map((d) => d.title)).toEqual(['Академиялык өргүү алуу үчүн арыз']);
    expect((await list(fx.student, { category: 'form' }, 'ru')).map((d) => d.title)).toEqual(['Заявление на академический отпуск']);
  });
});

describe('the search and the category', () => {
  it('finds by title or description in any of the three languages, whatever the case, within what the caller may read', async () => {
    expect(await titles(fx.student, { text: 'ЭКЗАМЕНАЦИОННОЙ' })).toEqual(['Order on the winter examination timetable']);
    expect(await titles(fx.student, { text: 'өргүү' })).toEqual(['Application for academic leave']);
    expect(await titles(fx.student, { text: 'RETAKES' })).toEqual(
      expect.arrayContaining(['Regulation on continuous and interim assessment', 'Order on the winter examination timetable']),
    );
    expect(await titles(fx.student, { text: 'syllabus' })).toEqual([]);
    expect(await titles(plainTeacher, { text: 'Syllabus' })).toEqual(['Course syllabus template']);
    expect(await titles(fx.student, { text: 'retakes', category: 'order' })).toEqual(['Order on the winter examination timetable']);
    expect((await fx.post('/api/documents/list.json', fx.student, { text: 'a' })).statusCode).toBe(400);
    expect((await fx.post('/api/documents/list.json', fx.student, { category: 'memo' })).statusCode).toBe(400);
  });
});

describe('versions', () => {
  it('the seeded regulation lists its two versions newest first, with their dates and who uploaded them', async () => {
    const reg = await byTitle('Regulation on continuous and interim assessment');
    expect(reg.version).toBe(2);
    const detail: DocumentDetail = (await fx.post('/api/documents/document.json', fx.student, { id: reg.id })).json().data;
    expect(detail.versions.map((v) => v.number)).toEqual([2, 1]);
    expect(detail.versions[0].uploadedBy).toBe('Жумабаева Гүлнара Асановна');
    expect(detail.versions[0].uploadedAt > detail.versions[1].uploadedAt).toBe(true);
    expect(reg.fileName).toBe(detail.versions[0].fileName);
  });
});

describe('uploads', () => {
  const fields = (more: Record<string, string> = {}) => ({
    titleRu: 'Приказ о практике',
    titleEn: 'Order on internships',
    category: 'order',
    audience: 'students',
    ...more,
  });

  it('only the administrator and the dean’s office upload; the others are refused and nothing is written', async () => {
    const before = await counts();
    expect((await create(fx.student, fields())).statusCode).toBe(403);
    expect((await create(plainTeacher, fields())).statusCode).toBe(403);
    expect((await fx.post('/api/documents/options.json', fx.student)).json().data).toEqual({ mayUpload: false, faculties: [], facultyRequired: false });
    // The dean's office uploads for its own faculty only.
    expect((await create(dean, fields())).statusCode).toBe(403);
    expect((await create(dean, fields({ id_faculty: String(otherFaculty) }))).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
    const options = (await fx.post('/api/documents/options.json', dean)).json().data;
    expect(options).toMatchObject({ mayUpload: true, facultyRequired: true });
    expect(options.faculties.map((f: { id: number }) => f.id)).toEqual([deanFaculty]);
  });

  it('a refused file changes nothing: a page renamed .pdf, a picture, a text file, one too large, none, or no title', async () => {
    const before = await counts();
    const own = fields({ id_faculty: String(deanFaculty) });
    const html = { name: 'file', filename: 'order.pdf', content: '<html><script>alert(1)</script></html>' };
    const refused = [
      [await create(dean, own, html), 400, 'UNSUPPORTED_TYPE'],
      [await create(dean, own, { name: 'file', filename: 'scan.png', content: PNG }), 400, 'UNSUPPORTED_TYPE'],
      [await create(dean, own, { name: 'file', filename: 'notes.txt', content: 'plain notes' }), 400, 'UNSUPPORTED_TYPE'],
      [await create(dean, own, { name: 'file', filename: 'big.pdf', content: Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]) }), 413, 'TOO_LARGE'],
      [await create(dean, own, null), 400, 'BAD_REQUEST'],
      [await create(dean, { ...own, titleRu: ' ', titleEn: '' }), 400, 'BAD_REQUEST'],
    ] as const;
    for (const [res, status, code] of refused) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.code).toBe(code);
    }
    const reg = await byTitle('Regulation on continuous and interim assessment');
    expect((await version(fx.admin, reg.id, html)).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    expect((await byTitle('Regulation on continuous and interim assessment')).version).toBe(2);
  });

  it('the dean’s office adds a document and new versions; the old ones are kept; two at once take the next numbers', async () => {
    const res = await create(dean, fields({ id_faculty: String(deanFaculty), descriptionKg: 'Практика боюнча буйрук' }), {
      name: 'file',
      filename: 'Практика.docx',
      content: DOCX,
    });
    expect(res.statusCode, res.body).toBe(200);
    const created: DocumentDetail = res.json().data;
    expect(created.document).toMatchObject({ version: 1, canManage: true, id_faculty: deanFaculty, fileName: 'Практика.docx' });
    expect(await titles(fx.student, { text: 'ПРАКТИКА боюнча' })).toEqual(['Order on internships']);
    const [a, b] = await Promise.all([
      version(dean, created.document.id),
      version(dean, created.document.id, { name: 'file', filename: 'v.odt', content: DOCX }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const detail: DocumentDetail = (await fx.post('/api/documents/document.json', fx.student, { id: created.document.id })).json().data;
    expect(detail.versions.map((v) => v.number)).toEqual([3, 2, 1]);
    expect(detail.versions.map((v) => v.fileName).sort()).toEqual(['Order.pdf', 'v.odt', 'Практика.docx'].sort());
    expect(detail.versions[0].uploadedBy).toBe(`${DEMO_DEAN.person.surname} ${DEMO_DEAN.person.name} ${DEMO_DEAN.person.patronymic}`);
    // The newest file by default, every older one by its version's id, as attachments.
    const newest = await fx.get(`/api/documents/download.file?id=${created.document.id}`, fx.student);
    expect(newest.statusCode).toBe(200);
    expect(newest.headers['content-disposition']).toContain(encodeURIComponent(detail.versions[0].fileName));
    expect(newest.headers['x-content-type-options']).toBe('nosniff');
    const first = await fx.get(`/api/documents/download.file?id=${created.document.id}&version=${detail.versions[2].id}`, fx.student);
    expect(first.headers['content-disposition']).toContain('attachment');
    expect(first.rawPayload.equals(DOCX)).toBe(true);
    const other = await byTitle('Application for academic leave');
    expect((await fx.get(`/api/documents/download.file?id=${other.id}&version=${detail.versions[2].id}`, fx.student)).statusCode).toBe(404);
    // Another faculty's student does not see it; the dean's office may not replace the university's documents.
    const reg = await byTitle('Regulation on continuous and interim assessment');
    expect(reg.canManage).toBe(true);
    expect((await list(dean)).find((d) => d.id === reg.id)!.canManage).toBe(false);
    const before = await counts();
    expect((await version(dean, reg.id)).statusCode).toBe(403);
    expect((await version(fx.student, created.document.id)).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe('corrections: editing and withdrawing', () => {
  const texts = { titleRu: 'Памятка по практике', titleKg: '', titleEn: 'Internship memo', descriptionRu: '', descriptionKg: '', descriptionEn: '' };
  const edit = (who: Who, body: object, lang?: string) => fx.post('/api/documents/update.json', who, body, lang);
  const withdraw = (who: Who, id: number, lang?: string) => fx.post('/api/documents/withdraw.json', who, { id }, lang);
  const rowOf = async (id: number) => (await db().select().from(documents).where(eq(documents.id, id)))[0];
  const upload = async (who: Who, more: Record<string, string>): Promise<DocumentDetail> => {
    const res = await create(who, { titleRu: 'Памятка по практике', titleEn: 'Internship memo', category: 'form', audience: 'all', ...more });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('a dean’s office corrects its faculty’s document; the search finds the new texts, not the old', async () => {
    const doc = await upload(dean, { id_faculty: String(deanFaculty) });
    const res = await edit(dean, {
      ...texts,
      id: doc.document.id,
      titleKg: 'Практика боюнча эскертме',
      descriptionRu: 'Сроки производственной практики',
      category: 'regulation',
      audience: 'students',
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail: DocumentDetail = res.json().data;
    expect(detail.document).toMatchObject({ category: 'regulation', audience: 'students', id_faculty: deanFaculty, version: 1, canManage: true });
    expect(detail.texts).toMatchObject({ titleKg: 'Практика боюнча эскертме', descriptionRu: 'Сроки производственной практики' });
    expect(await titles(fx.student, { text: 'производственной' })).toEqual(['Internship memo']);
    expect((await list(fx.student, { category: 'form', text: 'memo' })).length).toBe(0);
    expect((await list(plainTeacher, { text: 'Internship memo' })).length).toBe(0);
  });

  it('bad input is a translated 400 and changes nothing', async () => {
    const doc = await upload(dean, { id_faculty: String(deanFaculty) });
    const before = await rowOf(doc.document.id);
    const id = doc.document.id;
    const cases = [
      { ...texts, id, titleRu: '  ', titleEn: '', category: 'form', audience: 'all' },
      { ...texts, id, category: 'memo', audience: 'all' },
      { ...texts, id, category: 'form', audience: 'parents' },
      { ...texts, id, titleRu: 'x'.repeat(201), category: 'form', audience: 'all' },
      { id, category: 'form', audience: 'all' },
    ];
    for (const body of cases) {
      const res = await edit(dean, body, 'kg');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
      expect(res.json().error.message).toBeTruthy();
    }
    expect(await rowOf(id)).toEqual(before);
  });

  it('only those who manage it edit or withdraw it: a dean’s office is refused another faculty’s and the university’s (403, translated)', async () => {
    const other = await upload(fx.admin, { id_faculty: String(otherFaculty) });
    const reg = await byTitle('Regulation on continuous and interim assessment');
    const [regBefore, otherBefore] = [await rowOf(reg.id), await rowOf(other.document.id)];
    for (const id of [reg.id, other.document.id]) {
      const refused = await edit(dean, { ...texts, id, category: 'form', audience: 'all' }, 'ru');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'DOCUMENT_NOT_MANAGED', message: expect.stringContaining('только администратор') });
      const gone = await withdraw(dean, id, 'kg');
      expect(gone.statusCode).toBe(403);
      expect(gone.json().error).toMatchObject({ code: 'DOCUMENT_NOT_MANAGED', message: expect.stringContaining('администратор гана') });
    }
    for (const who of [fx.student, plainTeacher]) {
      expect((await edit(who, { ...texts, id: reg.id, category: 'form', audience: 'all' })).statusCode).toBe(403);
      expect((await withdraw(who, reg.id)).statusCode).toBe(403);
    }
    expect((await withdraw(fx.admin, 999_999)).statusCode).toBe(404);
    expect(await rowOf(reg.id)).toEqual(regBefore);
    expect(await rowOf(other.document.id)).toEqual(otherBefore);
    // The administrator manages every one.
    expect((await edit(fx.admin, { ...texts, id: other.document.id, category: 'template', audience: 'staff' })).statusCode).toBe(200);
  });

  it('a withdrawn document leaves every list, search, page and download; its rows and files stay with who and when', async () => {
    const doc = await upload(fx.admin, { titleRu: 'Приказ о дежурстве', titleEn: 'Duty order' });
    const id = doc.document.id;
    expect(await titles(fx.student, { text: 'duty order' })).toEqual(['Duty order']);
    const before = await counts();
    const res = await withdraw(fx.admin, id);
    expect(res.statusCode, res.body).toBe(200);
    for (const who of [fx.student, plainTeacher, dean, fx.admin]) {
      expect((await list(who)).some((d) => d.id === id)).toBe(false);
      expect(await titles(who, { text: 'duty order' })).toEqual([]);
      expect((await fx.post('/api/documents/document.json', who, { id })).statusCode).toBe(404);
      expect((await fx.get(`/api/documents/download.file?id=${id}`, who)).statusCode).toBe(404);
      expect((await fx.get(`/api/documents/download.file?id=${id}&version=${doc.versions[0].id}`, who)).statusCode).toBe(404);
    }
    // Nothing more happens to it: a second withdrawal, an edit or a new version is 404.
    expect((await withdraw(fx.admin, id)).statusCode).toBe(404);
    expect((await edit(fx.admin, { ...texts, id, category: 'form', audience: 'all' })).statusCode).toBe(404);
    expect((await version(fx.admin, id)).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
    const row = await rowOf(id);
    expect(row.withdrawnByUserId).toBe(fx.admin.user.id);
    expect(row.withdrawnAt).toBeInstanceOf(Date);
    expect(await db().select().from(documentVersions).where(eq(documentVersions.documentId, id))).toHaveLength(1);
  });
});

/**
 * /api/testing/ questions' images: a teacher of the discipline sets, replaces and removes one (a
 * question papers hold too); only PNG, JPEG, WebP and GIF by content, with an alt text; a student
 * gets it only through his own attempt whose paper holds the question (open, or its review showing
 * the questions); another student, a teacher of another discipline, anyone else refused; nothing
 * written on a refusal. On PGlite and, in the server-pg project, on PostgreSQL.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_STUDENT, ROLE_TEACHER } from '@contract/common';
import type { Paper, Question, Review, Test, TestingDiscipline } from '@contract/testing';
import { files, students } from '../../db/schema';
import { multipartPayload, PDF, testClock, type MultipartPart } from '../../test/helpers';
import { useTestApp } from '../../test/fixture';
import type { SignedIn } from '../../test/requests';
import { API, errorOf, post, settings, type Bank } from './testing.fixture';
import { testingAttempts, testingQuestions, testingTests } from './testing.schema';

const clock = testClock();
const fx = useTestApp({ now: clock.now });
const d = () => fx.db.database.db;

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** The start of a JPEG (JFIF). */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64, 1), Buffer.from([0xff, 0xd9])]);

const choice = (text: string) => ({
  text,
  points: 1,
  content: {
    kind: 'single' as const,
    options: [
      { text: '$x^2$', correct: true },
      { text: '$2x$', correct: false },
    ],
  },
});

let bank: Bank;
let pictured: number;
let plain: number;
let classmate: SignedIn;
let other: SignedIn;

const fileCount = async () => (await d().select({ id: files.id }).from(files)).length;
const imageColumns = async (id: number) =>
  (await d().select({ file: testingQuestions.imageFileId, alt: testingQuestions.imageAlt }).from(testingQuestions).where(eq(testingQuestions.id, id)))[0];

function upload(who: SignedIn, fields: Record<string, string>, file?: { name: string; content: Buffer }) {
  const parts: MultipartPart[] = [
    ...Object.entries(fields).map(([name, content]) => ({ name, content })),
    ...(file ? [{ name: 'image', filename: file.name, content: file.content }] : []),
  ];
  const { payload, contentType } = multipartPayload(parts);
  return fx.app.inject({ method: 'POST', url: `${API}/question-image.json`, payload, headers: { ...who.headers, 'content-type': contentType } });
}

const fetchImage = (who: SignedIn, src: string) => fx.app.inject({ method: 'GET', url: src, headers: who.headers });

beforeAll(async () => {
  const [seeded] = await d().select({ disciplineId: testingTests.disciplineId }).from(testingTests).orderBy(testingTests.id).limit(1);
  const [me] = await d().select({ groupId: students.groupId }).from(students).where(eq(students.id, fx.student.user.uid));
  const categories = await post<{ id: number; name: string }[]>(fx.teacher, 'category-save.json', { id_discipline: seeded.disciplineId, name: 'Картинки' });
  const categoryId = categories.find((c) => c.name === 'Картинки')!.id;
  const save = async (text: string) =>
    (await post<{ question: Question }>(fx.teacher, 'question-save.json', { id_category: categoryId, ...choice(text) })).question.id;
  pictured = await save('Какая функция на графике?');
  plain = await save('Производная $x^2$?');
  bank = { disciplineId: seeded.disciplineId, groupId: me.groupId, categoryId, questionIds: [pictured, plain] };
  classmate = await fx.signInUnused('image-classmate', ROLE_STUDENT, and(eq(students.groupId, bank.groupId), ne(students.id, fx.student.user.uid)));
  other = await fx.signInUnused('image-other-teacher', ROLE_TEACHER);
});

describe("the teacher's image", () => {
  it('is set with its alt text and given back to him; the bank question carries it', async () => {
    const res = await upload(fx.teacher, { id_question: String(pictured), alt: 'График параболы' }, { name: 'graph.png', content: PNG });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json().data as Question;
    expect(q.image?.alt).toBe('График параболы');
    const got = await fetchImage(fx.teacher, q.image!.src);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect((await post<Question>(fx.teacher, 'question.json', { id_question: pictured })).image).toEqual(q.image);
  });

  it('refuses a file that is no picture, one whose content is not its name, no alt text, and no file for a question without one; nothing written', async () => {
    const before = await fileCount();
    const pdf = await upload(fx.teacher, { id_question: String(plain), alt: 'Схема' }, { name: 'scheme.pdf', content: PDF });
    expect([pdf.statusCode, pdf.json().error?.code], pdf.body).toEqual([400, 'TEST_IMAGE_TYPE']);
    const html = await upload(
      fx.teacher,
      { id_question: String(plain), alt: 'Схема' },
      { name: 'scheme.png', content: Buffer.from('<html><script>1</script></html>') },
    );
    expect([html.statusCode, html.json().error.code]).toEqual([400, 'UNSUPPORTED_TYPE']);
    const renamed = await upload(fx.teacher, { id_question: String(plain), alt: 'Схема' }, { name: 'scheme.pdf', content: PNG });
    expect(renamed.statusCode).toBe(400);
    expect((await upload(fx.teacher, { id_question: String(plain), alt: '  ' }, { name: 'a.png', content: PNG })).statusCode).toBe(400);
    expect((await upload(fx.teacher, { id_question: String(plain) }, { name: 'a.png', content: PNG })).statusCode).toBe(400);
    const none = await upload(fx.teacher, { id_question: String(plain), alt: 'Схема' });
    expect([none.statusCode, none.json().error.params?.field]).toEqual([400, 'image']);
    expect(await fileCount()).toBe(before);
    expect(await imageColumns(plain)).toEqual({ file: null, alt: null });
  });

  it('is refused to a teacher of another discipline and to a student, whatever they ask; nothing written', async () => {
    const theirs = await post<TestingDiscipline[]>(other, 'disciplines.json', {});
    expect(theirs.map((x) => x.id)).not.toContain(bank.disciplineId);
    const before = await fileCount();
    const stored = await imageColumns(pictured);
    for (const who of [other, fx.student]) {
      expect((await upload(who, { id_question: String(pictured), alt: 'Чужое' }, { name: 'x.png', content: PNG })).statusCode).toBe(403);
      expect((await errorOf(who, 'question-image-delete.json', { id_question: pictured })).status).toBe(403);
      expect((await fetchImage(who, `${API}/question-image.file?id_question=${pictured}`)).statusCode).toBe(403);
    }
    expect(await fileCount()).toBe(before);
    expect(await imageColumns(pictured)).toEqual(stored);
    expect((await fetchImage(fx.teacher, `${API}/question-image.file?id_question=999999`)).statusCode).toBe(404);
    expect((await fetchImage(fx.teacher, `${API}/question-image.file?id_question=${plain}`)).statusCode).toBe(404);
  });
});

describe("the student's image", () => {
  let test: Test;
  let mine: Paper;
  let theirs: Paper;

  beforeAll(async () => {
    test = await post<Test>(fx.teacher, 'test-save.json', settings(bank, clock.now(), { rules: [{ id_category: bank.categoryId, count: 1 }] }));
    mine = await post<Paper>(fx.student, 'start.json', { id_test: test.id, device: 'device-img-1' });
    theirs = await post<Paper>(classmate, 'start.json', { id_test: test.id, device: 'device-img-2' });
    // One question drawn of two: the student's paper is made to hold the pictured one, the classmate's the other.
    for (const [paper, q] of [
      [mine, pictured],
      [theirs, plain],
    ] as const)
      await d()
        .update(testingAttempts)
        .set({ paper: sql`jsonb_set(${testingAttempts.paper}, '{0,q}', ${String(q)}::jsonb)` })
        .where(eq(testingAttempts.id, paper.id_attempt));
    mine = await post<Paper>(fx.student, 'resume.json', { id_attempt: mine.id_attempt, device: 'device-img-1' });
    theirs = await post<Paper>(classmate, 'resume.json', { id_attempt: theirs.id_attempt, device: 'device-img-2' });
  });

  it('is on his paper, by his attempt, and given to him', async () => {
    const image = mine.questions[0].image!;
    expect(image.alt).toBe('График параболы');
    expect(image.src).toContain(`id_attempt=${mine.id_attempt}&slot=1`);
    expect(image.src).not.toContain('id_question');
    const got = await fetchImage(fx.student, image.src);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
  });

  it('is refused to a classmate of the same test without it on his paper, to a teacher of another discipline; the test’s teacher gets it', async () => {
    expect(theirs.questions[0].image).toBeNull();
    const src = mine.questions[0].image!.src;
    expect((await fetchImage(classmate, src)).statusCode).toBe(403);
    expect((await fetchImage(classmate, `${API}/question-image.file?id_question=${pictured}`)).statusCode).toBe(403);
    expect((await fetchImage(classmate, `${API}/question-image.file?id_attempt=${theirs.id_attempt}&slot=1`)).statusCode).toBe(404);
    expect((await fetchImage(fx.student, `${API}/question-image.file?id_attempt=${mine.id_attempt}&slot=2`)).statusCode).toBe(404);
    expect((await fetchImage(other, src)).statusCode).toBe(403);
    expect((await fetchImage(fx.teacher, src)).statusCode).toBe(200);
  });

  it('may be corrected while papers hold the question: the new image has a new address, the old file is gone', async () => {
    const old = (await imageColumns(pictured)).file!;
    const res = await upload(fx.teacher, { id_question: String(pictured), alt: 'Парабола $y=x^2$' }, { name: 'graph.jpg', content: JPEG });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json().data as Question;
    expect(q.inUse).toBe(true);
    expect(q.image!.src).not.toBe(mine.questions[0].image!.src);
    expect(await d().select().from(files).where(eq(files.id, old))).toEqual([]);
    const again = await post<Paper>(fx.student, 'resume.json', { id_attempt: mine.id_attempt, device: 'device-img-1' });
    const got = await fetchImage(fx.student, again.questions[0].image!.src);
    expect([got.statusCode, got.headers['content-type']]).toEqual([200, 'image/jpeg']);
    const kept = (await imageColumns(pictured)).file;
    const alt = await upload(fx.teacher, { id_question: String(pictured), alt: 'Парабола' });
    expect((alt.json().data as Question).image?.alt).toBe('Парабола');
    expect(await imageColumns(pictured)).toEqual({ file: kept, alt: 'Парабола' });
  });

  it('stays in his review while it shows the questions, and is refused once it shows nothing', async () => {
    const review = await post<Review>(fx.student, 'submit.json', { id_attempt: mine.id_attempt, device: 'device-img-1' });
    const src = review.questions[0].image!.src;
    expect((await fetchImage(fx.student, src)).statusCode).toBe(200);
    await d().update(testingTests).set({ showScore: 'never', showAnswers: 'never' }).where(eq(testingTests.id, test.id));
    expect((await fetchImage(fx.student, src)).statusCode).toBe(403);
    expect((await fetchImage(fx.teacher, src)).statusCode).toBe(200);
  });

  it('is removed with its file; a deleted question takes its image with it', async () => {
    const file = (await imageColumns(pictured)).file!;
    const q = await post<Question>(fx.teacher, 'question-image-delete.json', { id_question: pictured });
    expect(q.image).toBeNull();
    expect(await d().select().from(files).where(eq(files.id, file))).toEqual([]);
    expect((await fetchImage(fx.teacher, `${API}/question-image.file?id_question=${pictured}`)).statusCode).toBe(404);
    const fresh = (await post<{ question: Question }>(fx.teacher, 'question-save.json', { id_category: bank.categoryId, ...choice('Лишний') })).question;
    await upload(
      fx.teacher,
      { id_question: String(fresh.id), alt: 'Лишнее' },
      { name: 'x.gif', content: Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)]) },
    );
    const gif = (await imageColumns(fresh.id)).file!;
    await post(fx.teacher, 'question-delete.json', { id_question: fresh.id });
    expect(await d().select().from(files).where(eq(files.id, gif))).toEqual([]);
  });
});

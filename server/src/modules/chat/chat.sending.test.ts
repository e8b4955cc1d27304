/** /api/chat/insert.json and deletemessage.json: sending with a file or photo and the file limits (F1, F2, F4), who may talk to whom (Z3), and deleting one's own messages. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatMessages, files } from '../../db/schema';
import { multipartPayload } from '../../test/helpers';
import {
  sql_,
  fx,
  LIMIT_MB,
  teacher,
  student,
  classmate,
  outsider,
  stranger,
  colleague,
  demoGroup,
  otherGroup,
  web,
  swtech,
  journalism,
  PNG,
  PDF,
  pair,
  groupOf,
  send,
  sendText,
  ids,
  filesOnDisk,
  total,
  useChatTest,
  post,
} from './chat.fixture';

useChatTest();

describe('sending', () => {
  it('text: the recipient sees it unread; HTML is kept as plain text', async () => {
    const payload = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    // The teacher has read everything the student wrote before (the seeded conversation has unread lines).
    expect((await post('readall.json', teacher, pair(teacher, student))).statusCode).toBe(200);
    const res = await sendText(student, teacher, payload);
    expect(res.statusCode).toBe(200);
    const sent = res.json().data;
    expect(sent).toMatchObject({ message: payload, ismine: true, isread: false, file: null, id_from: student.uid, id_from_type: 2 });
    const page = (await post('messages.json', teacher, pair(teacher, student))).json().data;
    expect(page.unreades_start).toBe(sent.id_message);
    expect(page.messages.at(-1)).toMatchObject({ message: payload, ismine: false });
  });

  it('a photo: stored once, shown as an image, downloadable by both people only', async () => {
    const res = await send(teacher, { ...pair(teacher, student), message: 'Фото доски' }, { filename: 'доска.png', content: PNG, type: 'image/png' });
    expect(res.statusCode).toBe(200);
    const sent = res.json().data;
    expect(sent.file).toMatchObject({ name: 'доска.png', mime: 'image/png', image: true, size: PNG.length });
    for (const who of [student, teacher]) {
      const file = await fx.app.inject({ url: `/api/chat/download.file?id=${sent.id_message}`, headers: who.headers });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PNG)).toBe(true);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['content-disposition']).toMatch(/^attachment;/);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
    }
    for (const who of [outsider, classmate, stranger])
      expect((await fx.app.inject({ url: `/api/chat/download.file?id=${sent.id_message}`, headers: who.headers })).statusCode).toBe(403);
    expect((await fx.app.inject({ url: '/api/chat/download.file?id=99999999', headers: student.headers })).statusCode).toBe(404);
  });

  it('a file alone (no text) is a message; an empty message is 400', async () => {
    const res = await send(student, pair(student, teacher), { filename: 'report.pdf', content: PDF, type: 'application/pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ message: '', file: { name: 'report.pdf', image: false } });
    const empty = await send(student, { ...pair(student, teacher), message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('BAD_REQUEST');
  });

  it('1 byte over the limit: 413, nothing on disk, no row (F1)', async () => {
    const [messagesBefore, filesBefore, diskBefore] = [await total(chatMessages), await total(files), filesOnDisk().length];
    const big = Buffer.concat([PDF, Buffer.alloc(LIMIT_MB * 1024 * 1024 + 1 - PDF.length, 0x20)]);
    const res = await send(student, { ...pair(student, teacher), message: 'Большой файл' }, { filename: 'big.pdf', content: big, type: 'application/pdf' });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'TOO_LARGE', params: { maxSizeMb: LIMIT_MB } });
    expect([await total(chatMessages), await total(files), filesOnDisk().length]).toEqual([messagesBefore, filesBefore, diskBefore]);
  });

  it('HTML renamed .png or a spoofed type: 400, nothing stored (F2)', async () => {
    const [messagesBefore, filesBefore, diskBefore] = [await total(chatMessages), await total(files), filesOnDisk().length];
    for (const file of [
      { filename: 'photo.png', content: '<html><script>alert(1)</script></html>', type: 'image/png' },
      { filename: 'x.svg', content: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', type: 'image/svg+xml' },
    ]) {
      const res = await send(student, { ...pair(student, teacher), message: 'x' }, file);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('UNSUPPORTED_TYPE');
    }
    expect([await total(chatMessages), await total(files), filesOnDisk().length]).toEqual([messagesBefore, filesBefore, diskBefore]);
  });

  it('a refused conversation keeps nothing either, even with a valid file', async () => {
    const [messagesBefore, filesBefore, diskBefore] = [await total(chatMessages), await total(files), filesOnDisk().length];
    const res = await send(outsider, { ...pair(outsider, teacher), message: 'hi' }, { filename: 'a.png', content: PNG, type: 'image/png' });
    expect(res.statusCode).toBe(403);
    expect([await total(chatMessages), await total(files), filesOnDisk().length]).toEqual([messagesBefore, filesBefore, diskBefore]);
  });

  it('two files, a non-multipart body, or a bad year are refused with 400', async () => {
    const { payload, contentType } = multipartPayload([
      ...Object.entries({ ...pair(student, teacher), message: 'two' }).map(([name, v]) => ({ name, content: String(v) })),
      { name: 'files', filename: 'a.png', content: PNG },
      { name: 'files', filename: 'b.png', content: PNG },
    ]);
    expect(
      (await fx.app.inject({ method: 'POST', url: '/api/chat/insert.json', payload, headers: { ...student.headers, 'content-type': contentType } })).statusCode,
    ).toBe(400);
    expect((await post('insert.json', student, { ...pair(student, teacher), message: 'json' })).statusCode).toBe(400);
    expect((await send(student, { ...pair(student, teacher), year: 2090, message: 'x' })).statusCode).toBe(400);
  });
});

describe('who may talk to whom (Z3)', () => {
  const refused = async (res: { statusCode: number; json(): { error: { code: string } } }) => {
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  };

  it('a student outside the teacher’s groups can neither read nor write to him', async () => {
    await refused(await post('messages.json', outsider, pair(outsider, teacher)));
    await refused(await sendText(outsider, teacher, 'Здравствуйте'));
    await refused(await post('old.json', outsider, { ...pair(outsider, teacher), id_lastMessage: 1 }));
    await refused(await post('new.json', outsider, { ...pair(outsider, teacher), id_lastMessage: 1 }));
    await refused(await post('readall.json', outsider, pair(outsider, teacher)));
  });

  it('a teacher who does not teach the group cannot reach its students or its chat', async () => {
    await refused(await post('messages.json', stranger, pair(stranger, student)));
    await refused(await sendText(stranger, student, 'Здравствуйте'));
    await refused(await post('group/messages.json', stranger, groupOf(stranger)));
  });

  it('no teacher–teacher or student–student conversations', async () => {
    await refused(await post('messages.json', teacher, pair(teacher, colleague)));
    await refused(await post('messages.json', student, pair(student, classmate)));
  });

  it("someone else's identity in the body is 403", async () => {
    await refused(await post('messages.json', outsider, pair(student, teacher)));
    await refused(await post('group/messages.json', outsider, groupOf(student)));
    await refused(await send(outsider, { ...pair(student, teacher), message: 'от её имени' }));
  });

  it("a student cannot read or post in another group's chat, nor a discipline not taught to her group", async () => {
    await refused(await post('group/messages.json', student, groupOf(student, otherGroup, journalism)));
    await refused(await send(student, { ...groupOf(student, otherGroup, journalism), message: 'Привет' }));
    await refused(await post('group/messages.json', student, groupOf(student, demoGroup, journalism)));
    await refused(await post('group/messages.json', outsider, groupOf(outsider)));
    // The colleague is in the group's chat of his discipline only.
    expect((await post('group/messages.json', colleague, groupOf(colleague, demoGroup, swtech))).statusCode).toBe(200);
    await refused(await post('group/messages.json', colleague, groupOf(colleague, demoGroup, web)));
  });

  it("marking, reading files of, or deleting messages of others' conversations is 403", async () => {
    const sent = (await send(student, { ...pair(student, teacher), message: 'только для вас' }, { filename: 'note.pdf', content: PDF })).json().data;
    await refused(await post('read.json', outsider, { id_message: sent.id_message }));
    await refused(await post('read.json', classmate, { id_message: sent.id_message }));
    expect((await fx.app.inject({ url: `/api/chat/download.file?id=${sent.id_message}`, headers: outsider.headers })).statusCode).toBe(403);
    await refused(await post('deletemessage.json', outsider, { id_message: sent.id_message, uid: outsider.uid }));
    // A participant may not delete the other one's message either.
    await refused(await post('deletemessage.json', teacher, { id_message: sent.id_message, uid: teacher.uid }));
    // uid naming someone else.
    await refused(await post('deletemessage.json', outsider, { id_message: sent.id_message, uid: student.uid }));
    expect((await sql_.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.id, sent.id_message))).length).toBe(1);
    expect((await post('read.json', teacher, { id_message: 99999999 })).statusCode).toBe(404);
  });
});

describe('deleting', () => {
  it('one’s own message, with its file: [{result: 1}], gone for both', async () => {
    const sent = (await send(student, { ...pair(student, teacher), message: 'Удалю' }, { filename: 'del.pdf', content: PDF })).json().data;
    const res = await post('deletemessage.json', student, { id_message: sent.id_message, uid: student.uid });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([{ result: 1 }]);
    const page = (await post('messages.json', teacher, pair(teacher, student))).json().data;
    expect(ids(page.messages)).not.toContain(sent.id_message);
    expect((await sql_.select({ id: files.id }).from(files).where(eq(files.id, sent.file.id))).length).toBe(0);
    expect((await fx.app.inject({ url: `/api/chat/download.file?id=${sent.id_message}`, headers: teacher.headers })).statusCode).toBe(404);
    expect((await post('deletemessage.json', student, { id_message: sent.id_message, uid: student.uid })).statusCode).toBe(404);
  });
});

// ------------------------------------------------------------------------------------------------
// Live events

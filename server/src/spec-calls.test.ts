/**
 * The seed's API, call by call (docs/api.md#the-seeds-calls): every call SPEC §7 names is sent as
 * SPEC spells it (path, suffix, method) with SPEC's payload (§3, §7), as the account it is for, and
 * answers on its route (never 404 or 405) with the `{result, error, data}` envelope and, where SPEC
 * names them, SPEC's field names. The deliberate differences docs/api.md lists are asserted as such.
 */
import { describe, expect, it } from 'vitest';
import { multipartPayload, testClock } from './test/helpers';
import { headersOf } from './test/requests';
import { useTestApp } from './test/fixture';

const clock = testClock(new Date(2026, 9, 14, 10, 0)); // Wednesday 14 October 2026: autumn half-year

const fx = useTestApp({ now: clock.now, env: { PAYMENT_PROVIDER: 'sandbox' } });

type Who = 'teacher' | 'student' | null;
type Method = 'GET' | 'POST';

const sessionOf = (who: Who) => (who === 'teacher' ? fx.teacher : who === 'student' ? fx.student : null);

async function call(method: Method, url: string, who: Who, payload?: object) {
  const res = await fx.app.inject({ method, url, payload: method === 'POST' ? (payload ?? {}) : undefined, headers: headersOf(sessionOf(who)) });
  return { status: res.statusCode, body: res.json() as { result: unknown; error: unknown; data: unknown; sms?: string } };
}

/** The envelope of SPEC §7: result, error and data (and sometimes sms), whatever the outcome. */
function expectEnvelope(body: Record<string, unknown>, status: number) {
  expect(Object.keys(body).filter((key) => key !== 'sms')).toEqual(['result', 'error', 'data']);
  if (status === 200) expect(body).toMatchObject({ result: 0, error: null });
  else expect(body).toMatchObject({ result: true, data: null, error: { code: expect.any(String), message: expect.any(String) } });
}

/** The keys of a data row (the first of a list). */
const keysOf = (data: unknown) => Object.keys((Array.isArray(data) ? data[0] : data) as object);

const YEAR = 2026;
const ACCOUNT = -2;
const WS = 1;

/** Every call of SPEC §7 with its method, its spelling and SPEC's payload, as the account it is for. */
const CALLS: Array<[Method, string, Who, object?]> = [
  // Auth and config
  ['GET', '/api/auth/checkgauth.json', 'student'],
  ['POST', '/api/auth/enticate.json', 'student', { token: 'marker' }],
  ['POST', '/api/auth/recovery.json', null, { oldlog: 'student', oldpas: 'Student2026' }],
  ['GET', '/api/google/check.json', null],
  // Profile
  ['POST', '/api/profile/data.json', 'student', { uid: 0, role: 2 }],
  // News
  ['POST', '/api/news/data.json', 'student', { id: ACCOUNT, uid: 0, role: 2, page: 1 }],
  ['POST', '/api/news/check.json', 'teacher', { id: 1, type: 1 }],
  // Misc: every call with the .json suffix
  ['POST', '/api/misc/faculties.json', 'teacher', { id: YEAR }],
  ['POST', '/api/misc/photo.json', 'student', { uid: 0, role: 2 }],
  ['POST', '/api/misc/dinurls.json', 'student'],
  ['POST', '/api/misc/getgroups.json', 'student', { id_a_year: YEAR, id_student: 0 }],
  ['POST', '/api/misc/position.json', 'teacher', { id: 0 }],
  ['POST', '/api/misc/settings.json', 'student', { role: 2, uid: 0 }],
  ['POST', '/api/misc/transcript.json', 'student'],
  ['GET', '/api/misc/years.json', 'student'],
  ['GET', '/api/misc/uslugi.json', 'student'],
  ['GET', '/api/misc/defaultyear.json', 'student'],
  ['GET', '/api/misc/getstudentqrinfo.json?data=unknown-card-token', null],
  ['GET', '/api/misc/getqrforreportstudent.json', 'teacher'],
  ['GET', '/api/misc/getstudentqrfaculty.json', 'teacher'],
  ['GET', '/api/misc/getspecrepqr.json', 'teacher'],
  ['GET', '/api/misc/getstudentqrrate.json', 'teacher'],
  // Chat
  ['POST', '/api/chat/count.json', 'student'],
  ['POST', '/api/chat/readall.json', 'student', { year: YEAR, ws: WS, id_from_type: 2, id_from: 0, id_to_type: 1, id_to: 1, id_discipline: 1, kredit: 0 }],
  ['POST', '/api/chat/read.json', 'student', { id_message: 1 }],
  ['POST', '/api/chat/deletemessage.json', 'student', { id_message: 1, uid: 0 }],
  // Discipline: GETs with the suffix, the lists as SPEC spells them (without it)
  ['GET', '/api/discipline/current/ws.json', 'student'],
  ['GET', '/api/discipline/current/year.json', 'student'],
  ['POST', '/api/discipline/list', 'teacher', { year: YEAR, ws: WS }],
  ['POST', '/api/discipline/forStudentDisciplinelist', 'student', { year: YEAR, ws: WS }],
  ['POST', '/api/discipline/semester/list', 'teacher', { year: YEAR, ws: WS, id_discipline: 1 }],
  ['POST', '/api/discipline/studentSemester/list', 'student', { year: YEAR, ws: WS, id_discipline: 1 }],
  ['POST', '/api/discipline/group/list', 'teacher', { year: YEAR, ws: WS, id_discipline: 1, id_semester: 1 }],
  ['POST', '/api/discipline/studentGroup/list', 'student', { year: YEAR, ws: WS, id_discipline: 1, id_semester: 1 }],
  ['POST', '/api/discipline/students/list', 'teacher', { year: YEAR, ws: WS, id_discipline: 1, id_group: 1 }],
  ['POST', '/api/discipline/teachers/list', 'student', { year: YEAR, ws: WS, id_discipline: 1, id_group: 1 }],
  // UMK: JSON POST, as SPEC says of every call not noted otherwise
  ['POST', '/api/umk/semesters', 'teacher', { year: YEAR, ws: WS, id_discipline: 1 }],
  ['POST', '/api/umk/semestersforstud', 'student', { year: YEAR, ws: WS, id_discipline: 1 }],
  ['POST', '/api/umk/disciplines', 'teacher', { year: YEAR, ws: WS }],
  ['POST', '/api/umk/disciplinesforstud', 'student', { year: YEAR, ws: WS }],
  ['POST', '/api/umk/getstudentexamtypes', 'student'],
  ['POST', '/api/umk/getumkteachers', 'student', { id_discipline: 1 }],
  ['POST', '/api/umk/types', 'teacher'],
  ['POST', '/api/umk/umklist', 'teacher', { id_discipline: 1 }],
  ['POST', '/api/umk/getumklistforstud', 'student', { id_discipline: 1 }],
  ['POST', '/api/umk/bookcategories', 'teacher'],
  ['POST', '/api/umk/deletebook', 'teacher', { id_human: 0, id_humanType: 1, id_books: 2147483647 }],
  // Library
  ['POST', '/api/library/basebookcategories', 'student'],
  ['POST', '/api/library/bookcategories', 'student', { id_baseBookCategory: 1 }],
  ['POST', '/api/library/getbooklist', 'student', { id_bookCategory: 1 }],
  ['POST', '/api/library/deletecheck', 'teacher', { id_human: 0, id_EBook: 2147483647 }],
  ['POST', '/api/library/deleteebook', 'teacher', { id_human: 0, id_EBook: 2147483647, isFromUMK: false }],
  // Registration
  ['GET', '/api/regfordisciplines/getdefyear', 'student'],
  ['GET', '/api/regfordisciplines/getyears', 'student'],
  ['POST', '/api/regfordisciplines/getsemesters', 'student', { id_a_year: YEAR }],
  ['POST', '/api/regfordisciplines/getreglist', 'student', { id_a_year: YEAR, id_w_s: WS }],
  ['POST', '/api/regfordisciplines/getteachersforregel', 'student', { id_disciplineForStudent: 1 }],
  ['POST', '/api/regfordisciplines/getsubgroupsforregel', 'student', { id_disciplineForStudent: 1, id_teacher: 1 }],
  ['POST', '/api/regfordisciplines/deleteregistration', 'student', { id_registration: 2147483647 }],
  ['POST', '/api/regfordisciplines/optional/permission', 'student', { id_a_year: YEAR, id_w_s: WS }],
  ['POST', '/api/regfordisciplines/optional/disciplines', 'student', { id_a_year: YEAR, id_w_s: WS }],
  ['POST', '/api/regfordisciplines/optional/teachers', 'student', { id_disciplineForStudent: 1 }],
  ['POST', '/api/regfordisciplines/optional/subgroups', 'student', { id_disciplineForStudent: 1, id_teacher: 1 }],
  ['POST', '/api/regfordisciplines/bytype/teacher', 'teacher', { id_a_year: YEAR, id_w_s: WS }],
  ['POST', '/api/regfordisciplines/bytype/subgroups', 'teacher', { id_subgroup: 1 }],
  ['POST', '/api/regfordisciplines/bytype/deleteregistration', 'teacher', { id_registration: 2147483647 }],
  // Single window
  ['POST', '/api/singlewindow/doc', 'student'],
  ['POST', '/api/singlewindow/region', 'student'],
  ['POST', '/api/singlewindow/district', 'student', { id_region: 1 }],
  ['POST', '/api/singlewindow/naznachenie', 'student'],
  ['POST', '/api/singlewindow/orderlist', 'student'],
  ['POST', '/api/singlewindow/ordercancel', 'student', { id: 2147483647 }],
  // Schedule and QR
  ['POST', '/api/schedule/teacher.json', 'teacher', { year: YEAR, ws: WS, uid: 0, role: 1, isWeeklyUpdated: false }],
  ['POST', '/api/schedule/student.json', 'student', { year: YEAR, ws: WS, uid: 0, role: 2, isWeeklyUpdated: false }],
  ['POST', '/api/schedule/qr.json', 'teacher', { idShed: 1 }],
  ['GET', '/api/qr/time.json', 'student'],
  // Visit log (paths are not in SPEC; the lists SPEC names as JSON POST)
  ['POST', '/api/visitlog/lessontypes.json', 'teacher'],
  ['POST', '/api/visitlog/educforms.json', 'teacher'],
  ['POST', '/api/visitlog/modules.json', 'teacher'],
  ['POST', '/api/visitlog/times.json', 'teacher'],
];

/** The caller's own ids, where SPEC's payload names them (written 0 in the table above; ACCOUNT for his account's id). */
function withOwnIds(who: Who, payload: object | undefined): object | undefined {
  if (!payload || !who) return payload;
  const me = sessionOf(who)!.user;
  const own: Record<string, unknown> = { ...payload };
  for (const key of ['uid', 'id_student', 'id_human'] as const) if (own[key] === 0) own[key] = me.uid;
  if (own.id === 0) own.id = me.uid;
  if (own.id === ACCOUNT) own.id = me.id;
  if (own.id_from === 0) own.id_from = me.uid;
  return own;
}

describe("every call of SPEC §7 answers on SPEC's path and method with the envelope", () => {
  it.each(CALLS)('%s %s', async (method, url, who, payload) => {
    const { status, body } = await call(method, url, who, withOwnIds(who, payload));
    expect(status, `${method} ${url} answered ${status}: ${JSON.stringify(body.error)}`).not.toBe(405);
    expectEnvelope(body, status);
    if (status === 404) {
      // An unknown id (SPEC's payload names one that is not there): the call is routed all the same,
      // since the same call without its fields is refused by the route's schema, not unrouted.
      const bare = await call(method, url.replace(/\?.*$/, ''), who, {});
      expect(bare.status, `${method} ${url} without its fields answered ${bare.status}`).toBe(400);
      expectEnvelope(bare.body, bare.status);
    }
  });
});

/** The data of a successful call (failing the test otherwise). */
async function dataOf(method: Method, url: string, who: Who, payload?: object) {
  const { status, body } = await call(method, url, who, withOwnIds(who, payload));
  expect(status, `${method} ${url}: ${JSON.stringify(body.error)}`).toBe(200);
  return body.data;
}

describe('the field names SPEC §3 gives, in the replies that carry them', () => {
  it('the signed-in user: id, uid, role, fullName, newsPerms; Google check: OAu in the first row', async () => {
    const res = await fx.app.inject({ method: 'POST', url: '/api/auth/orize.json', payload: { login: 'student', password: 'Student2026' } });
    expect(res.statusCode).toBe(200);
    expect(keysOf(res.json().data)).toEqual(expect.arrayContaining(['id', 'uid', 'role', 'fullName', 'newsPerms']));
    expect(keysOf(await dataOf('GET', '/api/google/check.json', null))).toContain('OAu');
  });

  it('academic years: six, "YYYY-YY", four back to one ahead; settings: defaults, then links', async () => {
    const years = (await dataOf('GET', '/api/misc/years.json', 'student')) as Array<{ id: number; name: string }>;
    expect(years.map((y) => y.name)).toEqual(['2022-23', '2023-24', '2024-25', '2025-26', '2026-27', '2027-28']);
    const settings = (await dataOf('POST', '/api/misc/settings.json', 'student', { role: 2, uid: 0 })) as unknown[];
    expect(settings).toHaveLength(2);
    expect(Array.isArray(settings[1])).toBe(true);
  });

  it('discipline selection (id, isSelect, discipline, kredit, vid_discipline) down to a contact (idid, fio, countMessages)', async () => {
    const disciplines = (await dataOf('POST', '/api/discipline/list', 'teacher', { year: YEAR, ws: WS })) as Array<{ id: number; kredit: number }>;
    expect(keysOf(disciplines)).toEqual(expect.arrayContaining(['id', 'isSelect', 'discipline', 'kredit', 'vid_discipline']));
    for (const discipline of disciplines) {
      const semesters = (await dataOf('POST', '/api/discipline/semester/list', 'teacher', { year: YEAR, ws: WS, id_discipline: discipline.id })) as Array<{
        id: number;
      }>;
      for (const semester of semesters) {
        const half = { year: YEAR, ws: WS, id_discipline: discipline.id };
        const groups = (await dataOf('POST', '/api/discipline/group/list', 'teacher', { ...half, id_semester: semester.id })) as Array<{ id: number }>;
        if (groups.length === 0) continue;
        const contacts = await dataOf('POST', '/api/discipline/students/list', 'teacher', { ...half, id_group: groups[0].id });
        expect(keysOf(contacts)).toEqual(expect.arrayContaining(['idid', 'fio', 'countMessages']));
        return;
      }
    }
    throw new Error('the demo teacher teaches no group in the half-year');
  });

  it('books (id_eBook, name, author, description, totalPages, fileName, id_bookCategory, isFromUmk) and categories', async () => {
    const bases = (await dataOf('POST', '/api/library/basebookcategories', 'student')) as Array<{ id_baseBookCategory: number }>;
    expect(keysOf(bases)).toContain('id_baseBookCategory');
    for (const base of bases) {
      const categories = (await dataOf('POST', '/api/library/bookcategories', 'student', { id_baseBookCategory: base.id_baseBookCategory })) as Array<{
        id_bookCategory: number;
      }>;
      expect(keysOf(categories)).toEqual(expect.arrayContaining(['id_baseBookCategory', 'id_bookCategory', 'name']));
      for (const category of categories) {
        const books = (await dataOf('POST', '/api/library/getbooklist', 'student', { id_bookCategory: category.id_bookCategory })) as unknown[];
        if (books.length === 0) continue;
        expect(keysOf(books)).toEqual(
          expect.arrayContaining(['id_eBook', 'name', 'author', 'description', 'totalPages', 'fileName', 'id_bookCategory', 'isFromUmk']),
        );
        return;
      }
    }
    throw new Error('the demo library has no book');
  });

  it('a payment code: account, from SPEC’s request {id_year, id_group, id_student, id_uslug}', async () => {
    const [service] = (await dataOf('GET', '/api/misc/uslugi.json', 'student')) as Array<{ id: number }>;
    const [group] = (await dataOf('POST', '/api/misc/getgroups.json', 'student', { id_a_year: YEAR, id_student: 0 })) as Array<{ id: number }>;
    const code = await dataOf('POST', '/api/misc/paymentcode.json', 'student', { id_year: YEAR, id_group: group.id, id_student: 0, id_uslug: service.id });
    expect(keysOf(code)).toContain('account');
  });
});

describe('getgroups {id_a_year, id_student}', () => {
  it("gives the student's group in a year he studies, none before his admission, and only to himself", async () => {
    const groups = (await dataOf('POST', '/api/misc/getgroups.json', 'student', { id_a_year: YEAR, id_student: 0 })) as Array<{ id: number; name: string }>;
    expect(groups).toEqual([{ id: expect.any(Number), name: expect.any(String) }]);
    expect(await dataOf('POST', '/api/misc/getgroups.json', 'student', { id_a_year: 2001, id_student: 0 })).toEqual([]);
    const other = await call('POST', '/api/misc/getgroups.json', 'student', { id_a_year: YEAR, id_student: fx.student.user.uid + 1 });
    expect(other.status).toBe(403);
    expect((await call('POST', '/api/misc/getgroups.json', 'teacher', { id_a_year: YEAR, id_student: fx.student.user.uid })).status).toBe(403);
  });
});

describe('SPEC’s news form: message, files and fileName only', () => {
  it('posts to everyone in every faculty when audience and faculty are absent', async () => {
    const { payload, contentType } = multipartPayload([
      { name: 'message', content: 'Занятия перенесены' },
      { name: 'fileName', content: 'notice.txt' },
      { name: 'files', filename: 'notice.txt', content: 'Аудитория 204', type: 'text/plain' },
    ]);
    const res = await fx.app.inject({ method: 'POST', url: '/api/news/insert.json', payload, headers: { ...fx.teacher.headers, 'content-type': contentType } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ audience: 0, faculty: null });
    const feed = (await dataOf('POST', '/api/news/data.json', 'student', { id: ACCOUNT, uid: 0, role: 2, page: 1 })) as Array<{ id_eventMessage: number }>;
    expect(feed.map((item) => item.id_eventMessage)).toContain(res.json().data.id_eventMessage);
  });
});

describe('the deliberate differences of docs/api.md', () => {
  it('a new password has at least 8 characters (SPEC: 4), refused with the rule’s own message', async () => {
    const res = await call(
      'POST',
      '/api/passwd/reset.json',
      'student',
      withOwnIds('student', { password: 'Student2026', newPassword: 'abcd', uid: 0, role: 2 }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'PASSWORD_POLICY', params: { min: 8 } });
    expect((res.body.error as { message: string }).message).toContain('8');
  });

  it('a QR mark needs the token and the position’s accuracy besides SPEC’s {idShed, idStud, idAud, x, y}', async () => {
    const res = await call('POST', '/api/qr/student/visit.json', 'student', withOwnIds('student', { idShed: 1, idStud: 0, idAud: 1, x: 42.87, y: 74.59 }));
    expect(res.status).toBe(400);
    expectEnvelope(res.body, res.status);
  });
});

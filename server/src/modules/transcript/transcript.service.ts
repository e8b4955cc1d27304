/**
 * The transcript (docs/areas/transcript.md#calls): the student's final results by group, year and
 * half-year with the university's scale, credit sums and the grade point average; the half-year in
 * progress shows the plan without results. Each issue carries a signed token (HS256, jose) with a
 * hash of the results: the public verification page says genuine and unchanged, changed since
 * issue, or refuses a token whose signature does not hold.
 */
import { createHash } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { ROLE_STUDENT, type Language } from '@contract/common';
import type { Transcript, TranscriptGroup, TranscriptSemester, TranscriptYear } from '@contract/transcript';
import { forbidden } from '../../app-error';
import type { AppContext } from '../../context';
import { localName } from '../../i18n';
import { academicYearName, currentPeriod } from '../../lib/academic-year';
import { fullName } from '../../lib/person';
import type { AuthInfo } from '../../shared/caller';
import { readSiteSettings } from '../../shared/site.repository';
import { journalPeriod } from '../../shared/academic/journal-period';
import { signingKey } from '../../shared/signing-keys';
import { gpaTotals as totals } from '../../shared/gpa';
import * as repo from './transcript.repository';
import { TX } from './transcript.texts';

export const TRANSCRIPT_KEY = 'transcript-verification';

/**
 * The verdict on a token. The figures are those the document was issued with (signed into its
 * token), never today's: 'changed' says the results differ now, 'revoked' that the student revoked
 * it, 'expired' that it is older than DOCUMENT_VALID_DAYS.
 */
export type VerifyOutcome =
  | {
      kind: 'genuine' | 'changed' | 'revoked' | 'expired';
      fio: string;
      group: string;
      issuedAt: Date;
      /** As issued; null for a transcript issued before its code carried them whose results changed since. */
      kredits_sum: number | null;
      kredits_avg: number | null;
    }
  | { kind: 'invalid' };

const DAY_S = 86_400;

/** The results that a transcript's token vouches for, independent of the language. */
function fingerprint(rows: repo.ResultRow[]): string {
  const canon = rows.map((r) => [r.academicYearId, r.workingSemesterId, r.code, r.credits, r.points]);
  return createHash('sha256').update(JSON.stringify(canon)).digest('base64url');
}

export class TranscriptService {
  constructor(private readonly ctx: AppContext) {}

  private async studentOf(auth: AuthInfo): Promise<repo.StudentRow> {
    if (auth.role !== ROLE_STUDENT) throw forbidden();
    const s = await repo.student(this.ctx.db, auth.uid);
    if (!s) throw forbidden();
    return s;
  }

  /**
   * The student's results of closed half-years only: a result entered in a journal becomes the
   * transcript's once its half-year is closed (the journal's closed-period rule, JOURNAL_GRACE_DAYS);
   * until then the half-year shows as in progress.
   */
  private async closedResults(studentId: number): Promise<repo.ResultRow[]> {
    const rules = { now: this.ctx.now(), graceDays: this.ctx.config.journalGraceDays, mayReopen: false };
    return (await repo.results(this.ctx.db, studentId)).filter((r) => journalPeriod(r, rules).closed);
  }

  async transcript(auth: AuthInfo, lang: Language): Promise<Transcript> {
    const s = await this.studentOf(auth);
    const results = await this.closedResults(s.id);
    const now = this.ctx.now();
    const period = currentPeriod(now);
    const inProgress = await repo.plan(this.ctx.db, s, period.year, period.ws);
    const settings = await readSiteSettings(this.ctx.db);
    const setting = (key: string) => settings.get(`${key}_${lang}`) ?? settings.get(`${key}_ru`) ?? settings.get(key) ?? '';
    const { sum, avg } = totals(results);
    const issuedAt = Math.floor(now.getTime() / 1000);
    // What it vouches for: the results' hash and the figures it shows, the generation it belongs to, until when.
    const token = await new SignJWT({ h: fingerprint(results), s: sum, a: avg, g: await repo.revocationGeneration(this.ctx.db, s.id) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(s.id))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ctx.config.documentValidDays * DAY_S)
      .sign(await signingKey(this.ctx.db, TRANSCRIPT_KEY));
    const years = new Map<number, TranscriptYear>();
    for (const r of [
      ...results,
      ...inProgress.filter((p) => !results.some((x) => x.academicYearId === p.academicYearId && x.workingSemesterId === p.workingSemesterId)),
    ]) {
      const year = years.get(r.academicYearId) ?? { id_a_year: r.academicYearId, name: academicYearName(r.academicYearId), semesters: [] };
      years.set(r.academicYearId, year);
      let sem: TranscriptSemester | undefined = year.semesters.find((x) => x.id_w_s === r.workingSemesterId);
      if (!sem) {
        sem = {
          ws_sort: r.workingSemesterId,
          id_w_s: r.workingSemesterId,
          semester: r.semesterId,
          name: TX.semester[lang](r.semesterId),
          kredits_sum: 0,
          inProgress: r.points === null,
          disciplines: [],
        };
        year.semesters.push(sem);
      }
      sem.kredits_sum += r.credits;
      sem.disciplines.push({
        code_discipline: r.code,
        discipline: localName(r.discipline, lang),
        kredits: r.credits,
        control: localName(r.control, lang),
        points: r.points,
        ekv_num: r.ekvNum === null ? null : Number(r.ekvNum),
        ekv_bukv: r.ekvBukv,
        mark: r.mark ? localName(r.mark, lang) : null,
      });
    }
    const ordered = [...years.values()].sort((a, b) => a.id_a_year - b.id_a_year);
    for (const y of ordered) y.semesters.sort((a, b) => a.ws_sort - b.ws_sort);
    const group: TranscriptGroup = {
      id_group: s.groupId,
      group: s.group,
      institution_ru: settings.get('university_name_ru') ?? '',
      institution_kg: settings.get('university_name_kg') ?? '',
      institution_en: settings.get('university_name_en') ?? '',
      address: setting('university_address'),
      tel: settings.get('university_phone') ?? '',
      mail: settings.get('university_email') ?? '',
      spec: `${s.specCode} ${localName(s.spec, lang)}`,
      faculty: localName(s.faculty, lang),
      direction: localName(s.spec, lang),
      direction2: s.department ? localName(s.department, lang) : '',
      fio: fullName(s),
      birthDate: s.birthDate,
      kredits_avg: avg,
      kredits_sum: sum,
      years: ordered,
    };
    return {
      groups: [group],
      columns: (['code_discipline', 'discipline', 'kredits', 'points', 'ekv_num', 'ekv_bukv', 'mark'] as const).map((key) => ({
        key,
        title: TX.columns[key][lang],
      })),
      results: [
        { label: TX.creditsSum[lang], value: String(sum) },
        { label: TX.gpa[lang], value: avg.toFixed(2) },
      ],
      signature: { position: setting('registrar_position'), name: settings.get('registrar_name') ?? '' },
      institute: { name: setting('university_name'), address: setting('university_address') },
      faculty: { name: localName(s.faculty, lang) },
      issuedAt: now.toISOString(),
      verifyUrl: this.ctx.config.documentsUrl && `${this.ctx.config.documentsUrl}/api/misc/transcript/verify.html?t=${token}`,
    };
  }

  /** The verification page's verdict on a token. */
  async verify(token: string): Promise<VerifyOutcome> {
    let payload: { sub?: string; h?: unknown; s?: unknown; a?: unknown; g?: unknown; iat?: number; exp?: number };
    try {
      // The expiry is judged below, after the signature: an expired document still names what it was.
      ({ payload } = await jwtVerify(token, await signingKey(this.ctx.db, TRANSCRIPT_KEY), {
        algorithms: ['HS256'],
        currentDate: new Date(0),
      }));
    } catch {
      return { kind: 'invalid' };
    }
    const s = await repo.student(this.ctx.db, Number(payload.sub));
    if (!s || typeof payload.h !== 'string' || !payload.iat) return { kind: 'invalid' };
    const results = await this.closedResults(s.id);
    const same = fingerprint(results) === payload.h;
    // A transcript printed before its code carried the issued figures and an expiry is still genuine:
    // its fingerprint vouches for the results. Its figures are today's when the results are the same
    // (then they are the issued ones), unknown when they changed; it expires as the others do.
    const legacy = typeof payload.s !== 'number' || typeof payload.a !== 'number' || !payload.exp;
    const figures = legacy ? (same ? totals(results) : null) : { sum: payload.s as number, avg: payload.a as number };
    const expiresAt = (payload.exp ?? payload.iat + this.ctx.config.documentValidDays * DAY_S) * 1000;
    const issued = {
      fio: fullName(s),
      group: s.group,
      issuedAt: new Date(payload.iat * 1000),
      kredits_sum: figures?.sum ?? null,
      kredits_avg: figures?.avg ?? null,
    };
    if (this.ctx.now().getTime() >= expiresAt) return { kind: 'expired', ...issued };
    if ((typeof payload.g === 'number' ? payload.g : 0) < (await repo.revocationGeneration(this.ctx.db, s.id))) return { kind: 'revoked', ...issued };
    return { kind: same ? 'genuine' : 'changed', ...issued };
  }

  /** The student revokes every transcript issued so far (a lost or superseded copy no longer verifies). */
  async revoke(auth: AuthInfo): Promise<{ revoked: true }> {
    const s = await this.studentOf(auth);
    await repo.revokeIssued(this.ctx.db, s.id, this.ctx.now());
    return { revoked: true };
  }
}

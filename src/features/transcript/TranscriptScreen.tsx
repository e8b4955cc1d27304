/**
 * /lms/transcript (docs/areas/transcript.md#for-users): the student's results by year and half-year with
 * the scale's equivalents, credit sums and GPA; printable, downloadable as a PDF with a QR code of
 * its public verification page.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranscriptSemester } from '@contract/transcript';
import { TRANSCRIPT_PDF_URL } from './transcript.api';
import { Spinner } from '@components/Spinner';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { LoadFailed } from '@shared/request/LoadFailed';
import { useOverflowsX } from '@lib/useOverflowsX';
import { RevokeIssued } from './RevokeIssued';
import { selectTranscript, transcriptActions as A } from './transcript.slice';
import './transcript.css';

function Semester({ sem, columns, year }: { sem: TranscriptSemester; columns: { key: string; title: string }[]; year: string }) {
  const { t } = useTranslation('transcript');
  // Each column's title by its key: on a phone every value is shown with it.
  const label = Object.fromEntries(columns.map((c) => [c.key, c.title]));
  const wrap = useRef<HTMLDivElement>(null);
  const scrolls = useOverflowsX(wrap);
  return (
    <section className="tr-semester" data-testid="tr-semester">
      <h3 className="tr-sem-title">
        {year} · {sem.name} · {t('credits', { count: sem.kredits_sum })}
        {sem.inProgress ? <span className="tr-progress"> · {t('inProgress')}</span> : null}
      </h3>
      {/* Scrolling sideways (a narrow window), the table is a region of its own that the keyboard reaches. */}
      <div ref={wrap} className="tr-table-wrap" {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': `${year} ${sem.name}` } : {})}>
        <table className="tr-table stack-table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col">
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {/* On a phone each discipline is a card headed by its name, each value with its column's title. */}
            {sem.disciplines.map((d) => (
              <tr key={d.code_discipline}>
                <td data-label={label.code_discipline}>{d.code_discipline}</td>
                <td data-label={label.discipline} className="stack-title">
                  {d.discipline}
                </td>
                <td data-label={label.kredits}>{d.kredits}</td>
                <td data-label={label.points}>{d.points ?? '—'}</td>
                <td data-label={label.ekv_num}>{d.ekv_num === null ? '—' : d.ekv_num.toFixed(2)}</td>
                <td data-label={label.ekv_bukv}>{d.ekv_bukv ?? '—'}</td>
                <td data-label={label.mark}>{d.mark ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export default function TranscriptScreen() {
  const { t, i18n } = useTranslation(['transcript', 'cm']);
  const dispatch = useAppDispatch();
  const { data, fetching, error } = useAppSelector(selectTranscript);
  useEffect(() => {
    dispatch(A.opened());
  }, [dispatch]);
  const g = data?.groups[0];
  return (
    <div className="tr-screen" aria-busy={fetching}>
      <div className="tr-head">
        <h1 className="tr-title">{t('title')}</h1>
        {data ? (
          <div className="tr-actions">
            <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
              {t('print')}
            </button>
            {/* The PDF carries a verification QR code: issued only where the portal's public address is configured. */}
            {data.verifyUrl ? (
              <a className="btn btn-primary" href={TRANSCRIPT_PDF_URL} download="transcript.pdf" data-testid="tr-pdf">
                {t('pdf')}
              </a>
            ) : null}
          </div>
        ) : null}
      </div>
      {fetching && !data ? <Spinner /> : null}
      {error ? <LoadFailed failure={error} onRetry={() => dispatch(A.opened())} /> : null}
      {data && g ? (
        <article className="card tr-doc" data-testid="tr-doc">
          <header className="tr-inst">
            <p className="tr-inst-name">{i18n.language === 'kg' ? g.institution_kg : i18n.language === 'en' ? g.institution_en : g.institution_ru}</p>
            <p className="muted small">
              {g.address} · {g.tel} · {g.mail}
            </p>
          </header>
          <dl className="tr-student">
            <dt>{t('student')}</dt>
            <dd data-testid="tr-fio">{g.fio}</dd>
            {g.birthDate ? (
              <>
                <dt>{t('birth')}</dt>
                <dd>{g.birthDate.split('-').reverse().join('.')}</dd>
              </>
            ) : null}
            <dt>{t('group')}</dt>
            <dd>{g.group}</dd>
            <dt>{t('spec')}</dt>
            <dd>{g.spec}</dd>
            <dt>{t('faculty')}</dt>
            <dd>{g.faculty}</dd>
          </dl>
          {g.years.map((y) => y.semesters.map((s) => <Semester key={`${y.id_a_year}-${s.id_w_s}`} sem={s} columns={data.columns} year={y.name} />))}
          <dl className="tr-results" data-testid="tr-results">
            {data.results.map((r) => (
              <div key={r.label}>
                <dt>{r.label}</dt>
                <dd>{r.value}</dd>
              </div>
            ))}
          </dl>
          <p className="tr-sign">
            {data.signature.position} ____________ {data.signature.name}
          </p>
          <p className="small">
            {data.verifyUrl ? (
              <a href={data.verifyUrl} data-testid="tr-verify" target="_blank" rel="noreferrer">
                {t('verify')}
              </a>
            ) : (
              <span data-testid="tr-no-documents">{t('noDocuments')}</span>
            )}
          </p>
          <RevokeIssued />
        </article>
      ) : null}
    </div>
  );
}

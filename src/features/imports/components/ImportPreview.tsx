/** A check's or an import's report (docs/areas/imports.md#the-preview-and-the-rules): the counts, then each list, paged. */
import { useTranslation } from 'react-i18next';
import type { ImportReport } from '@contract/imports';
import { CappedList } from './CappedList';

/** The heading of the records the file leaves out, by kind (the students' otherwise). */
const MISSING_TITLES: Partial<Record<ImportReport['kind'], string>> = {
  departments: 'preview.missingDepartmentsTitle',
  specialities: 'preview.missingSpecialitiesTitle',
  timetable: 'preview.missingLessonsTitle',
  offerings: 'preview.missingOfferingsTitle',
};

export function ImportPreview({ report, titleId }: { report: ImportReport; titleId: string }) {
  const { t } = useTranslation('imports');
  const lessons = report.kind === 'timetable';
  const missingTitle = MISSING_TITLES[report.kind] ?? 'preview.missingTitle';
  const counts: [string, number][] = [
    ['rows', report.rows],
    ['added', report.added.length],
    ['changed', report.changed.length],
    ['unchanged', report.unchanged],
    ['refused', report.refused.length],
    ['missing', report.missing.length],
  ];
  return (
    <section className="card imp-preview" aria-labelledby={titleId} data-testid="imports-preview">
      <h2 id={titleId} className="imp-h2">
        {report.written ? t('preview.writtenTitle') : t('preview.title')}
      </h2>
      <dl className="imp-counts">
        {counts.map(([key, value]) => (
          <div key={key} className={`imp-count${key === 'refused' && value > 0 ? ' bad' : ''}`} data-testid={`imports-count-${key}`}>
            <dt>{t(`preview.counts.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {report.emptyRows > 0 ? <p className="muted small">{t('preview.emptyRows', { n: report.emptyRows })}</p> : null}
      {report.unknownColumns.length > 0 ? <p className="muted small">{t('preview.unknownColumns', { columns: report.unknownColumns.join(', ') })}</p> : null}

      {report.refused.length > 0 ? (
        <>
          <h3 className="imp-h3">{t('preview.refusedTitle')}</h3>
          <CappedList
            items={report.refused}
            label={t('preview.refusedTitle')}
            testId="imports-refused"
            itemKey={(issue, i) => `${issue.line}-${issue.column}-${i}`}
            render={(issue) => (
              <>
                <span className="imp-where">
                  {issue.column ? t('preview.lineColumn', { line: issue.line, column: issue.column }) : t('preview.line', { line: issue.line })}
                </span>{' '}
                {issue.reason}
              </>
            )}
          />
        </>
      ) : null}

      {report.added.length > 0 ? (
        <>
          <h3 className="imp-h3">{t(report.written ? 'preview.addedTitle' : 'preview.toAddTitle')}</h3>
          <CappedList
            items={report.added}
            label={t(report.written ? 'preview.addedTitle' : 'preview.toAddTitle')}
            testId="imports-added"
            itemKey={(r) => `${r.line}`}
            render={(r) => (
              <>
                <span className="imp-key">{r.key}</span> <span className="muted small">{t('preview.line', { line: r.line })}</span>
              </>
            )}
          />
        </>
      ) : null}

      {report.changed.length > 0 ? (
        <>
          <h3 className="imp-h3">{t(report.written ? 'preview.changedTitle' : 'preview.toChangeTitle')}</h3>
          <CappedList
            items={report.changed}
            label={t(report.written ? 'preview.changedTitle' : 'preview.toChangeTitle')}
            testId="imports-changed"
            itemKey={(r) => `${r.line}`}
            render={(r) => (
              <>
                <span className="imp-key">{r.key}</span> <span className="muted small">{t('preview.line', { line: r.line })}</span>
                <ul className="imp-changes">
                  {r.changes.map((c) => (
                    <li key={c.field}>
                      <span className="imp-field">{c.field}:</span> <span className="imp-before">{c.before || t('preview.empty')}</span>
                      <span aria-hidden="true"> → </span>
                      <span className="sr-only">{t('preview.becomes')}</span>
                      <span className="imp-after">{c.after || t('preview.empty')}</span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          />
        </>
      ) : null}

      {report.missing.length > 0 ? (
        <>
          <h3 className="imp-h3">{t(missingTitle)}</h3>
          <p className="muted small">{t('preview.missingHint')}</p>
          <CappedList
            items={report.missing}
            label={t(missingTitle)}
            testId="imports-missing"
            itemKey={(m, i) => `${m.key}-${i}`}
            render={(m) => (
              <>
                <span className="imp-key">{m.key}</span>
                {lessons ? ` — ${m.name}` : `${m.name ? ` ${m.name}` : ''}${m.group ? ` (${m.group})` : ''}`}
              </>
            )}
          />
        </>
      ) : null}
    </section>
  );
}

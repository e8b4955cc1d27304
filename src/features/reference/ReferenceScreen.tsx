/**
 * /lms/admin/reference and /lms/admin/reference/:list (docs/areas/reference.md#for-users): the
 * university's reference lists, and one list as a table of its rows, each added or changed in a
 * dialog (RowForm) and deleted after a confirmation. Every list is drawn from the columns the server
 * describes: no list has a screen of its own.
 */
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router-dom';
import type { ReferenceList, ReferenceRow } from '@contract/reference';
import { ConfirmDialog } from '@components/ConfirmDialog';
import { Spinner } from '@components/Spinner';
import { TitleRow } from '@components/TitleRow';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { LoadFailed } from '@shared/request/LoadFailed';
import { pending } from '@shared/request/loadable';
import { selectTimeZone } from '@shared/settings/settings';
import { formatValue } from './components/format';
import { RowForm } from './components/RowForm';
import { isReferenceList, REFERENCE_LISTS } from './reference.api';
import { referenceActions as A, selectReference } from './reference.slice';
import './reference.css';

/** How a row is named in its buttons and questions: its first column (and the second, for a room's building and name). */
function useRowLabel(list: ReferenceList) {
  const { t, i18n } = useTranslation('reference');
  const timeZone = useAppSelector(selectTimeZone);
  const [first, second] = list.columns;
  return (row: ReferenceRow) =>
    [first, first.kind === 'text' && second?.kind === 'text' ? second : null]
      .filter((c) => c !== null)
      .map((c) => formatValue(c, row.values[c.key] ?? null, t, i18n.language, timeZone))
      .join(' ');
}

function RowsTable({ list, rows, headingId }: { list: ReferenceList; rows: ReferenceRow[]; headingId: string }) {
  const { t, i18n } = useTranslation(['reference', 'cm']);
  const dispatch = useAppDispatch();
  const { deleteError } = useAppSelector(selectReference);
  // Moments on the university's clock, as the form takes them.
  const timeZone = useAppSelector(selectTimeZone);
  const label = useRowLabel(list);
  if (rows.length === 0) return <p className="muted">{t('empty')}</p>;
  return (
    <div className="ref-table-wrap" role="region" aria-labelledby={headingId}>
      <table className="ref-table" data-testid="reference-table">
        <thead>
          <tr>
            {list.columns.map((c) => (
              <th key={c.key} scope="col">
                {t(`columns.${list.name}.${c.key}`)}
              </th>
            ))}
            <th scope="col">
              <span className="sr-only">{t('actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="reference-row" data-id={row.id}>
              {list.columns.map((c) => (
                <td key={c.key} className={c.kind === 'integer' || c.kind === 'decimal' ? 'ref-num' : undefined}>
                  {formatValue(c, row.values[c.key] ?? null, t, i18n.language, timeZone)}
                </td>
              ))}
              <td className="ref-row-actions">
                <div className="ref-row-buttons">
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() => dispatch(A.editOpened({ id: row.id }))}
                    aria-label={t('edit', { row: label(row) })}
                    data-testid="reference-edit"
                  >
                    {t('editShort')}
                  </button>
                  {list.canDelete ? (
                    <button
                      type="button"
                      className="btn btn-ghost"
                      onClick={() => dispatch(A.deleteAsked({ id: row.id }))}
                      aria-label={t('delete.button', { row: label(row) })}
                      aria-describedby={deleteError?.id === row.id ? `ref-delete-error-${row.id}` : undefined}
                      data-testid="reference-delete"
                    >
                      {t('delete.short')}
                    </button>
                  ) : null}
                </div>
                {deleteError?.id === row.id ? (
                  <p id={`ref-delete-error-${row.id}`} className="field-error" role="alert" data-testid="reference-delete-error">
                    {describeFailure(t, deleteError.failure)}
                  </p>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ListView() {
  const { t } = useTranslation(['reference', 'cm']);
  const dispatch = useAppDispatch();
  const { rows, editing, deleting } = useAppSelector(selectReference);
  const headingId = useId();
  const data = rows.data;
  if (rows.error) return <LoadFailed failure={rows.error} onRetry={() => dispatch(A.rowsRequested())} />;
  if (!data) return <Spinner label={t('cm:loading')} />;
  const { list } = data;
  const row = editing?.id ? (data.rows.find((r) => r.id === editing.id) ?? null) : null;
  const label = (id: string) => {
    const r = data.rows.find((x) => x.id === id);
    const first = list.columns[0];
    return r ? String(r.values[first.key] ?? id) : id;
  };
  return (
    <section className="ref-list" aria-labelledby={headingId} data-testid="reference-list" data-list={list.name}>
      <div className="ref-list-head">
        <h2 id={headingId} className="ref-h2">
          {t(`lists.${list.name}`)}
        </h2>
        {list.canAdd ? (
          <button type="button" className="btn btn-primary" onClick={() => dispatch(A.editOpened({ id: null }))} data-testid="reference-add">
            {t('add')}
          </button>
        ) : null}
      </div>
      <p className="muted small">{t(`about.${list.name}`)}</p>
      {list.name === 'settings' ? <p className="ref-note">{t('settings.restart')}</p> : null}
      <RowsTable list={list} rows={data.rows} headingId={headingId} />
      {editing ? (
        <RowForm
          list={list}
          row={row}
          busy={editing.busy}
          failure={editing.failure}
          onSave={(body) => dispatch(A.saveRequested(body))}
          onClose={() => dispatch(A.editClosed())}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t('delete.title')}
          text={t('delete.text', { row: label(deleting.id), list: t(`lists.${list.name}`) })}
          confirm={t('delete.confirm')}
          cancel={t('form.cancel')}
          busy={deleting.busy}
          onConfirm={() => dispatch(A.deleteRequested())}
          onCancel={() => dispatch(A.deleteAsked(null))}
        />
      ) : null}
    </section>
  );
}

export default function ReferenceScreen() {
  const { t } = useTranslation(['reference', 'cm']);
  const dispatch = useAppDispatch();
  const { list: param } = useParams();
  const list = isReferenceList(param) ? param : null;
  const { lists, rows } = useAppSelector(selectReference);
  useEffect(() => {
    dispatch(A.opened({ list }));
  }, [dispatch, list]);
  const counts = new Map(lists.data.map((l) => [l.name, l.count]));
  const busy = list ? pending(rows) : param === undefined && pending(lists);
  return (
    <div className="ref-screen" aria-busy={busy} data-testid="reference">
      <TitleRow rowClass="ref-title-row" titleClass="ref-title" title={t('title')} to="/admin" link={t('back')} />
      <nav aria-label={t('listsNav')}>
        <ul className="ref-tabs">
          {REFERENCE_LISTS.map((name) => (
            <li key={name}>
              <NavLink to={`/admin/reference/${name}`} className="ref-tab" data-testid={`reference-tab-${name}`}>
                {t(`lists.${name}`)}
                {counts.has(name) ? <span className="ref-count"> ({counts.get(name)})</span> : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {lists.error && !list ? <LoadFailed failure={lists.error} onRetry={() => dispatch(A.opened({ list }))} /> : null}
      {list ? <ListView /> : param !== undefined ? <p data-testid="reference-unknown">{t('unknown')}</p> : <p className="muted">{t('intro')}</p>}
    </div>
  );
}

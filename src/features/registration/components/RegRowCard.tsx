/** One discipline of the registration list: credits, control form, and the student's registration or the way to make one. */
import { useTranslation } from 'react-i18next';
import type { RegRow } from '@contract/registration';
import type { Failure } from '@api/http';
import { InlineFailure } from './InlineFailure';

interface Props {
  row: RegRow;
  open: boolean;
  busy: boolean;
  onRegister: () => void;
  onDelete: () => void;
  /** Why deleting this registration failed (said here, beside its button), and its retry. */
  deleteError?: Failure | null;
  onRetryDelete?: () => void;
}

export function RegRowCard({ row, open, busy, onRegister, onDelete, deleteError, onRetryDelete }: Props) {
  const { t } = useTranslation('registration');
  const r = row.registration;
  const titleId = `reg-row-${row.id_disciplineForStudent}`;
  return (
    <article className="card reg-row" aria-labelledby={titleId} data-testid="reg-row" data-id={row.id_disciplineForStudent}>
      <div className="reg-row-body">
        <h3 id={titleId} className="reg-row-title">
          {row.discipline}
        </h3>
        <p className="muted small">
          {t('credits', { count: row.kredits })} · {row.examination}
        </p>
        {r ? (
          <p className={`reg-status reg-status-${r.status}`} data-testid="reg-status">
            {r.status === 'registered'
              ? t('status.registered', { teacher: r.teacher, subgroup: r.subgroup })
              : t('status.waiting', { teacher: r.teacher, subgroup: r.subgroup, position: r.position ?? 0 })}
          </p>
        ) : null}
      </div>
      {open ? (
        <div className="reg-row-actions">
          {r ? (
            <button
              type="button"
              className="btn btn-danger"
              data-testid="reg-delete"
              disabled={busy}
              onClick={onDelete}
              aria-label={t('actions.deleteOf', { name: row.discipline })}
            >
              {t('actions.delete')}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              data-testid="reg-open"
              onClick={onRegister}
              aria-label={t('actions.registerFor', { name: row.discipline })}
            >
              {t('actions.register')}
            </button>
          )}
        </div>
      ) : null}
      {deleteError ? <InlineFailure what={t('failed.delete')} failure={deleteError} onRetry={onRetryDelete} testId="reg-delete-error" /> : null}
    </article>
  );
}

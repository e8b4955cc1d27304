/**
 * A managed questionnaire's corrections: while nobody has answered it, edit (the creation form) and
 * delete it; once answered, move its closing (never before now); while it is open, close it now. A
 * deletion and an early closing ask first (the shared ConfirmDialog); the server's refusal is said under the buttons.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionnaireItem } from '@contract/questionnaire';
import { ConfirmDialog } from '@components/ConfirmDialog';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { questionnaireActions as A, selectQuestionnaire } from '../questionnaire.slice';
import { local } from './createForm.values';

/** The closing moved: a date and time later than now, sent as an instant. */
function ClosingForm({ item, onDone }: { item: QuestionnaireItem; onDone: () => void }) {
  const { t } = useTranslation('questionnaire');
  const dispatch = useAppDispatch();
  const [value, setValue] = useState(() => local(new Date(Math.max(Date.parse(item.closesAt), Date.now()))));
  const [error, setError] = useState('');
  const id = `qn-closing-${item.id}`;
  return (
    <form
      className="qn-closing"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const at = new Date(value);
        if (!value || Number.isNaN(at.getTime()) || at.getTime() <= Date.now()) return setError(t('manage.closingPast'));
        dispatch(A.closingRequested({ id: item.id, closesAt: at.toISOString() }));
        onDone();
      }}
    >
      <div className="field">
        <label htmlFor={id}>{t('manage.closingLabel')}</label>
        <input
          id={id}
          type="datetime-local"
          className={`input${error ? ' invalid' : ''}`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={`${id}-error`}
        />
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      </div>
      <div className="qn-actions">
        <button type="submit" className="btn btn-primary">
          {t('manage.save')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t('manage.cancel')}
        </button>
      </div>
    </form>
  );
}

export function ManageActions({ item, titleId }: { item: QuestionnaireItem; titleId: string }) {
  const { t } = useTranslation(['questionnaire', 'cm']);
  const dispatch = useAppDispatch();
  const { change } = useAppSelector(selectQuestionnaire);
  const [moving, setMoving] = useState(false);
  const asked = change.asked?.id === item.id ? change.asked : null;
  const fresh = item.answers === 0;
  const ask = (kind: 'delete' | 'close') => dispatch(A.changeAsked({ kind, id: item.id, title: item.title }));
  return (
    <>
      <div className="qn-actions" data-testid={`qn-manage-${item.id}`}>
        {fresh ? (
          <button type="button" className="btn btn-secondary" onClick={() => dispatch(A.editOpened({ id: item.id }))} aria-describedby={titleId}>
            {t('manage.edit')}
          </button>
        ) : null}
        {!fresh && !moving ? (
          <button type="button" className="btn btn-secondary" onClick={() => setMoving(true)} aria-describedby={titleId}>
            {t('manage.moveClosing')}
          </button>
        ) : null}
        {item.state === 'open' ? (
          <button type="button" className="btn btn-secondary" onClick={() => ask('close')} aria-describedby={titleId}>
            {t('manage.closeNow')}
          </button>
        ) : null}
        {fresh ? (
          <button type="button" className="btn btn-danger" onClick={() => ask('delete')} aria-describedby={titleId}>
            {t('manage.delete')}
          </button>
        ) : null}
      </div>
      {moving ? <ClosingForm item={item} onDone={() => setMoving(false)} /> : null}
      {change.failure && change.id === item.id ? (
        <p className="field-error" role="alert" data-testid="qn-change-error">
          {describeFailure(t, change.failure)}
        </p>
      ) : null}
      {asked ? (
        <ConfirmDialog
          title={t(asked.kind === 'delete' ? 'manage.deleteTitle' : 'manage.closeTitle')}
          text={t(asked.kind === 'delete' ? 'manage.deleteText' : 'manage.closeText', { title: item.title })}
          confirm={t(asked.kind === 'delete' ? 'manage.delete' : 'manage.closeNow')}
          cancel={t('manage.cancel')}
          busy={change.busy}
          onConfirm={() => dispatch(asked.kind === 'delete' ? A.deleteRequested({ id: item.id }) : A.closeRequested({ id: item.id }))}
          onCancel={() => dispatch(A.changeAsked(null))}
        />
      ) : null}
    </>
  );
}

/**
 * The student revokes the transcripts issued so far (a lost or superseded printout): after a
 * confirmation, their QR codes verify as revoked; the transcript shown is issued anew.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Failure } from '@api/http';
import { transcriptApi } from './transcript.api';
import { ConfirmDialog } from '@components/ConfirmDialog';
import { useAppDispatch } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { transcriptActions as A } from './transcript.slice';

export function RevokeIssued() {
  const { t } = useTranslation(['transcript', 'cm']);
  const dispatch = useAppDispatch();
  const [asking, setAsking] = useState(false);
  const [state, setState] = useState<{ busy: boolean; done: boolean; error: Failure | null }>({ busy: false, done: false, error: null });
  const revoke = async () => {
    setState({ busy: true, done: false, error: null });
    const reply = await transcriptApi.revoke();
    setAsking(false);
    if (!reply.ok) return setState({ busy: false, done: false, error: reply });
    setState({ busy: false, done: true, error: null });
    dispatch(A.opened());
  };
  return (
    <div className="tr-revoke">
      <button type="button" className="btn btn-ghost" disabled={state.busy} onClick={() => setAsking(true)} data-testid="tr-revoke">
        {t('revoke.button')}
      </button>
      {state.done ? (
        <p className="small" role="status">
          {t('revoke.done')}
        </p>
      ) : null}
      {state.error ? (
        <p className="field-error" role="alert">
          {describeFailure(t, state.error)}
        </p>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title={t('revoke.title')}
          text={t('revoke.text')}
          confirm={t('revoke.confirm')}
          cancel={t('revoke.keep')}
          busy={state.busy}
          onConfirm={() => void revoke()}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </div>
  );
}

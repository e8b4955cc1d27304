/** A failed load or action said where it happened (beside its field or button), with its retry. */
import { useTranslation } from 'react-i18next';
import type { Failure } from '@api/http';
import { describeFailure } from '@shared/request/errors';

export function InlineFailure({ what, failure, onRetry, testId }: { what: string; failure: Failure; onRetry?: () => void; testId?: string }) {
  const { t } = useTranslation(['registration', 'cm']);
  return (
    <div className="reg-failure" role="alert" data-testid={testId}>
      <p>
        <strong>{what}</strong> {describeFailure(t, failure)}
      </p>
      {onRetry ? (
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          {t('cm:actions.retry')}
        </button>
      ) : null}
    </div>
  );
}

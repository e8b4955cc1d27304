/**
 * A load that failed, said as a failure with Retry, the same on every screen (docs/product.md#shell):
 * never an empty list in its place, so that "nothing here" is only said after a load that succeeded.
 */
import { useTranslation } from 'react-i18next';
import type { Failure } from '@api/http';
import { describeFailure } from './errors';
import { AlertIcon, RefreshIcon } from '@components/icons';

export function LoadFailed({ what, failure, onRetry, className }: { what?: string; failure: Failure; onRetry: () => void; className?: string }) {
  const { t } = useTranslation('cm');
  return (
    <div className={`card load-failed${className ? ` ${className}` : ''}`} role="alert" data-testid="load-failed">
      <AlertIcon size={22} className="load-failed-icon" />
      <div className="load-failed-text">
        <p className="load-failed-title">{what ?? t('errors.loadTitle')}</p>
        <p className="muted">{describeFailure(t, failure)}</p>
      </div>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        <RefreshIcon size={18} />
        {t('actions.retry')}
      </button>
    </div>
  );
}

/**
 * What a screen shows of its loads (docs/product.md#shell): progress until every one has its first
 * answer, the failure with Retry when one failed, and only then its content. So "nothing here" is
 * said only after a load that succeeded, never while the answer is on its way.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@components/Spinner';
import { LoadFailed } from './LoadFailed';
import type { Loadable } from './loadable';

interface LoadedProps {
  /** The loads the content needs (a load already answered may be asked again: its content stays). */
  of: Loadable<unknown> | readonly Loadable<unknown>[];
  /** Asks again for what failed. */
  onRetry: () => void;
  /** The failure's title (default: the common "could not load"). */
  what?: string;
  children: ReactNode;
}

export function Loaded({ of, onRetry, what, children }: LoadedProps) {
  const { t } = useTranslation('cm');
  const loads: readonly Loadable<unknown>[] = Array.isArray(of) ? of : [of as Loadable<unknown>];
  const failure = loads.find((l) => l.error)?.error;
  if (failure) return <LoadFailed what={what} failure={failure} onRetry={onRetry} />;
  if (loads.some((l) => !l.loaded))
    return (
      <div className="loaded-progress" data-testid="loading">
        <Spinner label={t('loading')} />
      </div>
    );
  return <>{children}</>;
}

import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@shared/hooks';
import { WifiOffIcon } from '@components/icons';
import { selectOnline } from '@shared/shell/shell.slice';

/** 'Нет сети !!!' while the browser is offline (docs/product.md#shell). */
export function OfflineBanner() {
  const { t } = useTranslation('cm', { useSuspense: false });
  const online = useAppSelector(selectOnline);
  if (online) return null;
  return (
    <div className="offline-banner" role="alert" data-testid="offline-banner">
      <WifiOffIcon size={18} />
      <span>{t('offline.banner', 'Нет сети !!!')}</span>
    </div>
  );
}

/** An account's state as short labels: disabled or active, locked, must change its credentials, administrator. */
import { useTranslation } from 'react-i18next';
import type { AdminAccount } from '@contract/admin';

export function AccountState({ account }: { account: AdminAccount }) {
  const { t } = useTranslation('admin');
  return (
    <span className="adm-states">
      <span className={`adm-state ${account.disabled ? 'bad' : 'good'}`} data-testid="admin-state">
        {t(account.disabled ? 'state.disabled' : 'state.active')}
      </span>
      {account.locked ? <span className="adm-state warn">{t('state.locked')}</span> : null}
      {account.mustUpdateCredentials ? <span className="adm-state warn">{t('state.mustUpdate')}</span> : null}
      {account.admin ? <span className="adm-state info">{t('state.admin')}</span> : null}
    </span>
  );
}

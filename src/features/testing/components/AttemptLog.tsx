/**
 * The log of an attempt opened from the results (docs/areas/testing.md#for-users, "Log"): each event
 * with its time, to the second, and the address it came from; a device change and a lost focus stand
 * out. Progress until it is read, its failure with Retry, and "no entries" only after a reply.
 */
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { AttemptLogEntry, LogEvent } from '@contract/testing';
import { formatDate } from '@lib/dates';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { Loaded } from '@shared/request/Loaded';
import { bankActions as K } from '../bank.slice';
import { selectBank } from '../testing.slice';

/** Events a teacher looks for when he doubts an attempt. */
const NOTABLE: ReadonlySet<LogEvent> = new Set<LogEvent>(['device', 'focus_lost']);

/** 29.11.2026 14:05:09 (the portal's date, lib/dates.ts, and the time to the second). */
const momentOf = (iso: string, lng: string | undefined) => `${formatDate(iso, lng)} ${dayjs(iso).format('HH:mm:ss')}`;

function LogTable({ entries }: { entries: AttemptLogEntry[] }) {
  const { t, i18n } = useTranslation('testing');
  if (entries.length === 0) return <p className="muted">{t('log.empty')}</p>;
  return (
    <div className="ts-table-wrap">
      <table className="ts-table stack-table" data-testid="ts-log" aria-labelledby="ts-log-title">
        <thead>
          <tr>
            <th scope="col">{t('log.at')}</th>
            <th scope="col">{t('log.event')}</th>
            <th scope="col">{t('log.address')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e, i) => (
            <tr key={i} className={NOTABLE.has(e.event) ? 'ts-log-notable' : undefined}>
              <td className="stack-title" data-label={t('log.at')}>
                <time dateTime={e.at}>{momentOf(e.at, i18n.resolvedLanguage)}</time>
              </td>
              <td data-label={t('log.event')}>{t(`log.events.${e.event}`)}</td>
              <td data-label={t('log.address')} className="ts-log-address">
                {e.ip ?? t('log.noAddress')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function AttemptLog({ id_attempt }: { id_attempt: number }) {
  const { t } = useTranslation('testing');
  const dispatch = useAppDispatch();
  const { log } = useAppSelector(selectBank);
  return (
    <section className="ts-log" aria-labelledby="ts-log-title" aria-busy={log.fetching}>
      <h2 id="ts-log-title">{t('log.title')}</h2>
      <Loaded of={log} what={t('log.failed')} onRetry={() => dispatch(K.logRequested(id_attempt))}>
        <LogTable entries={log.data} />
      </Loaded>
    </section>
  );
}

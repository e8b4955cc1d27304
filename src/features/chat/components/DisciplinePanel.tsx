import { useTranslation } from 'react-i18next';
import type { DisciplineRow } from '@contract/academic';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { Select } from '@components/Select';
import { LoadFailed } from '@shared/request/LoadFailed';
import { chatActions, selectChat } from '../chat.slice';
import { Badge } from './ContactPanel';
import { academicYearName } from '@contract/pure/academic-year';

/**
 * The discipline column: the workspace (academic year and half-year) and the caller's disciplines
 * in it. Picking a discipline loads its semesters, groups and people.
 */
export function DisciplinePanel() {
  const { t } = useTranslation(['chat', 'cm']);
  const dispatch = useAppDispatch();
  const chat = useAppSelector(selectChat);
  const { year, ws, years, disciplines, activeDiscipline, current, unreadByDiscipline } = chat;
  const yearOptions = years.length ? years : year !== null ? [{ id: year, name: academicYearName(year) }] : [];
  const wsOptions = [
    { id: 1, name: t('workspace.autumn') },
    { id: 2, name: t('workspace.spring') },
  ];

  const pick = (d: DisciplineRow) => {
    if (activeDiscipline?.id === d.id && activeDiscipline.kredit === d.kredit) return;
    dispatch(chatActions.disciplineSelected(d));
  };

  return (
    <section className="chat-column" aria-labelledby="chat-disciplines-title" data-testid="chat-disciplines">
      <h2 id="chat-disciplines-title" className="panel-title">
        {t('disciplines.title')}
      </h2>
      <div className="chat-workspace">
        <Select
          id="chat-year"
          label={t('workspace.year')}
          options={yearOptions}
          value={year ?? -1}
          blank={false}
          disabled={yearOptions.length === 0}
          onChange={(id) => ws !== null && dispatch(chatActions.workspaceSelected({ year: id, ws }))}
        />
        <Select
          id="chat-ws"
          label={t('workspace.ws')}
          options={wsOptions}
          value={ws ?? -1}
          blank={false}
          disabled={year === null}
          onChange={(id) => year !== null && dispatch(chatActions.workspaceSelected({ year, ws: id === 2 ? 2 : 1 }))}
        />
      </div>
      {current.error ? (
        <LoadFailed failure={current.error} onRetry={() => dispatch(chatActions.opened({ autoOpenGroup: false }))} />
      ) : disciplines.fetching || current.fetching ? (
        <ul className="chat-list" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="skeleton skeleton-line" />
          ))}
        </ul>
      ) : disciplines.error ? (
        <LoadFailed
          what={t('disciplines.error')}
          failure={disciplines.error}
          onRetry={() => dispatch(year !== null && ws !== null ? chatActions.workspaceSelected({ year, ws }) : chatActions.opened({ autoOpenGroup: false }))}
        />
      ) : disciplines.data.length === 0 ? (
        <p className="chat-note">{t('disciplines.empty')}</p>
      ) : (
        <ul className="chat-list">
          {disciplines.data.map((d) => {
            const active = activeDiscipline?.id === d.id && activeDiscipline.kredit === d.kredit;
            const n = unreadByDiscipline[d.id] ?? 0;
            return (
              <li key={`${d.id}:${d.kredit}`}>
                <button
                  type="button"
                  className={`chat-item${active ? ' active' : ''}${n > 0 ? ' unread' : ''}`}
                  aria-current={active ? 'true' : undefined}
                  onClick={() => pick(d)}
                  data-testid="chat-discipline"
                >
                  <span className="chat-item-text">
                    <span className="chat-item-title">{d.discipline}</span>
                    <span className="chat-item-line">
                      {t('disciplines.credits', { count: d.kredit })}
                      {d.vid_discipline ? ` · ${d.vid_discipline}` : ''}
                    </span>
                  </span>
                  <Badge count={n} label={t('disciplines.unread', { count: n })} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

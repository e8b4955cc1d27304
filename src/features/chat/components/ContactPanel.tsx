import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { ROLE_TEACHER } from '@shared/request/roles';
import { selectUser } from '@shared/session/session';
import { Avatar } from '@components/Avatar';
import { Select } from '@components/Select';
import { ChatIcon } from '@components/shellIcons';
import { LoadFailed } from '@shared/request/LoadFailed';
import { chatActions, GROUP_CONTACT, keyOfContact, selectChat, selectFilterVisible, type ChatContact } from '../chat.slice';

/** The unread count of a row of the chat's lists (none when 0). */
export function Badge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="count-badge chat-badge" aria-label={label} data-testid="chat-unread-badge">
      {count > 99 ? '99+' : count}
    </span>
  );
}

/**
 * The contact column: semester and group filters (when there is more than one of either), the
 * group chat pseudo-contact, then the people of the group with their unread counts.
 */
export function ContactPanel() {
  const { t } = useTranslation(['chat', 'cm']);
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const chat = useAppSelector(selectChat);
  const filterVisible = useAppSelector(selectFilterVisible);
  const { activeDiscipline, semesters, groups, contacts, activeContact, activeGroup, activeSemester, unread } = chat;

  if (!activeDiscipline) {
    return (
      <section className="chat-column" aria-labelledby="chat-contacts-title" data-testid="chat-contacts">
        <h2 id="chat-contacts-title" className="panel-title">
          {t('contacts.title')}
        </h2>
        <p className="chat-note">{t('contacts.chooseDiscipline')}</p>
      </section>
    );
  }

  const count = (c: ChatContact) => {
    const key = keyOfContact(chat, c);
    return key ? (unread.byKey[key] ?? 0) : 0;
  };
  const isActive = (c: ChatContact) => activeContact?.idid === c.idid && activeContact.id_type === c.id_type;
  const busy = semesters.fetching || groups.fetching || contacts.fetching;
  const failed = semesters.error || groups.error || contacts.error;
  // Retry the level that failed: the people of the group, else the groups of the semester, else the discipline's semesters.
  const retry = () => {
    if (contacts.error && activeGroup !== null) dispatch(chatActions.groupSelected(activeGroup));
    else if (groups.error && activeSemester !== null) dispatch(chatActions.semesterSelected(activeSemester));
    else dispatch(chatActions.disciplineSelected(activeDiscipline));
  };
  const nothing = !busy && !failed && (semesters.data.length === 0 || groups.data.length === 0);
  const group: ChatContact = { ...GROUP_CONTACT, fio: t('contacts.groupChat') };

  const row = (c: ChatContact, label: string, icon: ReactNode) => {
    const n = count(c);
    return (
      <li key={`${c.id_type}:${c.idid}`}>
        <button
          type="button"
          className={`chat-item chat-contact${isActive(c) ? ' active' : ''}${n > 0 ? ' unread' : ''}`}
          aria-current={isActive(c) ? 'true' : undefined}
          onClick={() => dispatch(chatActions.contactOpened(c))}
          data-testid={c.idid === GROUP_CONTACT.idid ? 'chat-group-contact' : 'chat-contact'}
        >
          {icon}
          <span className="chat-item-text">
            <span className="chat-item-title">{label}</span>
          </span>
          <Badge count={n} label={t('contacts.unread', { count: n })} />
        </button>
      </li>
    );
  };

  return (
    <section className="chat-column" aria-labelledby="chat-contacts-title" data-testid="chat-contacts">
      <h2 id="chat-contacts-title" className="panel-title">
        {t('contacts.title')}
      </h2>
      <p className="chat-column-sub" title={activeDiscipline.discipline}>
        {activeDiscipline.discipline}
      </p>
      {filterVisible ? (
        <div className="chat-filters">
          {semesters.data.length > 1 ? (
            <Select
              id="chat-semester"
              label={t('contacts.semester')}
              options={semesters.data.map((s) => ({ id: s.id, name: t('contacts.semesterN', { count: Number(s.name), ordinal: true }) }))}
              value={activeSemester ?? -1}
              blank={false}
              onChange={(id) => dispatch(chatActions.semesterSelected(id))}
            />
          ) : null}
          {groups.data.length > 1 ? (
            <Select
              id="chat-group"
              label={t('contacts.group')}
              options={groups.data}
              value={activeGroup ?? -1}
              blank={false}
              onChange={(id) => dispatch(chatActions.groupSelected(id))}
            />
          ) : null}
        </div>
      ) : groups.data.length === 1 ? (
        <p className="chat-column-sub muted">{t('contacts.groupName', { name: groups.data[0].name })}</p>
      ) : null}
      {busy ? (
        <ul className="chat-list" aria-busy="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <li key={i} className="skeleton skeleton-line" />
          ))}
        </ul>
      ) : failed ? (
        <LoadFailed
          what={contacts.error ? t(user?.role === ROLE_TEACHER ? 'contacts.errorStudents' : 'contacts.errorTeachers') : t('contacts.errorGroups')}
          failure={failed}
          onRetry={retry}
        />
      ) : nothing ? (
        <p className="chat-note">{t('contacts.noGroups')}</p>
      ) : (
        <ul className="chat-list">
          {row(
            group,
            group.fio,
            <span className="avatar avatar-36 chat-group-avatar" aria-hidden="true">
              <ChatIcon size={18} />
            </span>,
          )}
          {contacts.data.map((c) => row(c, c.fio, <Avatar src={null} name={c.fio} size={36} />))}
          {contacts.data.length === 0 ? <li className="chat-note">{t(user?.role === ROLE_TEACHER ? 'contacts.noStudents' : 'contacts.noTeachers')}</li> : null}
        </ul>
      )}
    </section>
  );
}

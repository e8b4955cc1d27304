import { useTranslation } from 'react-i18next';
import { Avatar } from '@components/Avatar';
import { BackIcon } from '@components/icons';
import { ChatIcon } from '@components/shellIcons';
import { useAppSelector } from '@shared/hooks';
import { isGroupContact, selectChat } from '../chat.slice';

/** The open conversation's header: the way back (phones), who it is with (or the group), the discipline, the live connection. */
export function ConversationHead({ onBack, backLabel }: { onBack?: () => void; backLabel?: string }) {
  const { t } = useTranslation(['chat', 'cm']);
  const chat = useAppSelector(selectChat);
  const { activeContact: contact, groups, activeGroup } = chat;
  if (!contact) return null;
  const group = isGroupContact(contact);
  const title = group ? t('contacts.groupChat') : contact.fio;
  const groupName = groups.data.find((g) => g.id === activeGroup)?.name;
  const sub = group ? [chat.activeDiscipline?.discipline, groupName].filter(Boolean).join(' · ') : chat.activeDiscipline?.discipline;
  return (
    <header className="chat-head">
      {onBack ? (
        <button type="button" className="icon-btn chat-back" onClick={onBack} aria-label={backLabel}>
          <BackIcon size={22} />
        </button>
      ) : null}
      {group ? (
        <span className="avatar avatar-40 chat-group-avatar" aria-hidden="true">
          <ChatIcon size={20} />
        </span>
      ) : (
        <Avatar src={null} name={contact.fio} size={40} />
      )}
      <div className="chat-head-text">
        <h1 id="chat-conversation-title">{title}</h1>
        {sub ? <p>{sub}</p> : null}
      </div>
      <LiveDot status={chat.live} />
    </header>
  );
}

function LiveDot({ status }: { status: string }) {
  const { t } = useTranslation('chat');
  const label = t(`live.${status}`);
  return (
    <span className={`chat-live chat-live-${status}`} title={label} data-testid="chat-live" data-status={status}>
      <span className="chat-live-dot" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@contract/chat';
import { Spinner } from '@components/Spinner';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { LoadFailed } from '@shared/request/LoadFailed';
import { chatActions, isGroupContact, selectChat } from '../chat.slice';
import { dayOf, sameDay } from '../format';
import { MessageBubble } from './MessageBubble';

/** A button loading the next page at one end of the list (older or newer), or its progress. */
function PageEnd({ loading, label, onLoad }: { loading: boolean; label: string; onLoad: () => void }) {
  const { t } = useTranslation(['chat', 'cm']);
  return (
    <div className="chat-older">
      {loading ? (
        <Spinner size="sm" label={t('cm:loading')} />
      ) : (
        <button type="button" className="btn btn-ghost btn-small" onClick={onLoad}>
          {label}
        </button>
      )}
    </div>
  );
}

interface Props {
  onOpenPhoto: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
}

/** The open conversation's messages, by day, with the marker of the first unread one; its loading, failure or placeholder. */
export function MessageList({ onOpenPhoto, onDelete }: Props) {
  const { t, i18n } = useTranslation(['chat', 'cm']);
  const dispatch = useAppDispatch();
  const { activeContact, messages, conversation, existsNextOld, existsNextNew, loadingOld, loadingNew, unreadStart } = useAppSelector(selectChat);
  const group = isGroupContact(activeContact);
  if (conversation.fetching)
    return (
      <div className="chat-center">
        <Spinner label={t('cm:loading')} />
      </div>
    );
  if (conversation.error)
    return (
      <div className="chat-center">
        <LoadFailed what={t('conversation.loadFailed')} failure={conversation.error} onRetry={() => dispatch(chatActions.messagesReloadRequested())} />
      </div>
    );
  if (messages.length === 0)
    return (
      <div className="chat-center chat-placeholder" data-testid="chat-placeholder">
        <p>{t('conversation.placeholder')}</p>
      </div>
    );
  return (
    <>
      {existsNextOld ? <PageEnd loading={loadingOld} label={t('conversation.older')} onLoad={() => dispatch(chatActions.olderRequested())} /> : null}
      {messages.map((m, i) => {
        const day = i === 0 || !sameDay(messages[i - 1].date, m.date) ? dayOf(m.date, i18n.resolvedLanguage) : null;
        return (
          <Fragment key={m.id_message}>
            {day ? (
              <div className="chat-day" role="separator">
                <span>{day.kind === 'date' ? day.text : t(`conversation.${day.kind}`)}</span>
              </div>
            ) : null}
            {m.id_message === unreadStart ? (
              <div className="chat-unread-marker" data-unread-marker role="separator">
                <span>{t('conversation.newMessages')}</span>
              </div>
            ) : null}
            <MessageBubble message={m} showSender={group} onOpenPhoto={onOpenPhoto} onDelete={onDelete} />
          </Fragment>
        );
      })}
      {existsNextNew ? <PageEnd loading={loadingNew} label={t('conversation.newer')} onLoad={() => dispatch(chatActions.newerRequested())} /> : null}
    </>
  );
}

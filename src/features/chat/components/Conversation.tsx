import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@contract/chat';
import { chatFileUrl } from '../chat.api';
import { selectMaxSizeMb } from '@shared/config/config';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { ChatIcon } from '@components/shellIcons';
import { describeFailure } from '@shared/request/errors';
import { chatActions, selectChat } from '../chat.slice';
import { Composer } from './Composer';
import { ConfirmDialog } from '@components/ConfirmDialog';
import { ConversationHead } from './ConversationHead';
import { ImageViewer } from './ImageViewer';
import { MessageList } from './MessageList';
import { useConversationScroll } from './useConversationScroll';

/** The open conversation: header, messages (older ones load on scrolling up), composer. */
export function Conversation({ onBack, backLabel }: { onBack?: () => void; backLabel?: string }) {
  const { t } = useTranslation(['chat', 'cm']);
  const dispatch = useAppDispatch();
  const chat = useAppSelector(selectChat);
  const maxSizeMb = useAppSelector(selectMaxSizeMb);
  const { activeContact: contact, sending, deleting } = chat;
  const [photo, setPhoto] = useState<ChatMessage | null>(null);
  const [toDelete, setToDelete] = useState<ChatMessage | null>(null);
  const { listRef, onScroll } = useConversationScroll();

  // Desktop: the contact the user just picked is answered in one step, so the message box takes
  // the focus (on phones it would pop up the keyboard over the conversation).
  const contactKey = contact ? `${contact.id_type}:${contact.idid}` : null;
  useEffect(() => {
    if (contactKey && !onBack) document.getElementById('chat-text')?.focus({ preventScroll: true });
  }, [contactKey, onBack]);

  if (!contact) {
    return (
      <div className="chat-panel chat-empty-panel" data-testid="chat-conversation-empty">
        <ChatIcon size={40} className="chat-empty-icon" />
        <h1 className="sr-only">{t('cm:titles.chat')}</h1>
        <p>{chat.activeDiscipline ? t('conversation.choose') : t('contacts.chooseDiscipline')}</p>
      </div>
    );
  }

  return (
    <section className="chat-panel" aria-labelledby="chat-conversation-title" data-testid="chat-conversation">
      <ConversationHead onBack={onBack} backLabel={backLabel} />

      <div className="chat-messages" ref={listRef} onScroll={onScroll} data-testid="chat-messages" aria-live="polite" aria-relevant="additions">
        <MessageList onOpenPhoto={setPhoto} onDelete={setToDelete} />
      </div>

      {deleting.error ? (
        <p className="chat-send-error error-message" role="alert">
          {t('conversation.deleteFailed')}: {describeFailure(t, deleting.error)}
        </p>
      ) : null}
      {sending.error ? (
        <p className="chat-send-error error-message" role="alert">
          {t('composer.failed')}: {describeFailure(t, sending.error)}
          <button type="button" className="icon-btn" onClick={() => dispatch(chatActions.sendErrorCleared())} aria-label={t('cm:actions.close')}>
            ×
          </button>
        </p>
      ) : null}
      <Composer maxSizeMb={maxSizeMb} sending={sending.fetching} failed={Boolean(sending.error)} onSend={(v) => dispatch(chatActions.sendRequested(v))} />

      {photo?.file ? (
        <ImageViewer src={chatFileUrl(photo.id_message)} name={photo.file.name} closeLabel={t('cm:actions.close')} onClose={() => setPhoto(null)} />
      ) : null}
      {toDelete ? (
        <ConfirmDialog
          title={t('conversation.deleteTitle')}
          text={t('conversation.deleteConfirm')}
          confirm={t('conversation.delete')}
          cancel={t('conversation.cancel')}
          busy={deleting.fetching}
          onCancel={() => setToDelete(null)}
          onConfirm={() => {
            dispatch(chatActions.deleteRequested(toDelete.id_message));
            setToDelete(null);
          }}
        />
      ) : null}
    </section>
  );
}

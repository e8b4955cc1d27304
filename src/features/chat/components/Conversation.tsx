import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../../contract/chat';
import { chatFileUrl } from '../../../api/chat';
import { selectMaxSizeMb } from '../../../shared/config/config';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { Avatar } from '../../../components/Avatar';
import { Spinner } from '../../../components/Spinner';
import { ChatIcon } from '../../../components/shellIcons';
import { BackIcon } from '../../../components/icons';
import { describeFailure } from '../../../shared/request/errors';
import { LoadFailed } from '../../../shared/request/LoadFailed';
import { chatActions, isGroupContact, selectChat } from '../chat.slice';
import { dayOf, sameDay } from '../format';
import { Composer } from './Composer';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ImageViewer } from './ImageViewer';
import { MessageBubble } from './MessageBubble';

/** Pixels from the top of the list at which older messages load. */
const LOAD_OLDER_AT = 80;
/** "Near the bottom": new messages keep the list scrolled to the end. */
const STICK_TO_END = 120;

/** The open conversation: header, messages (older ones load on scrolling up), composer. */
export function Conversation({ onBack, backLabel }: { onBack?: () => void; backLabel?: string }) {
  const { t } = useTranslation(['chat', 'cm']);
  const dispatch = useAppDispatch();
  const chat = useAppSelector(selectChat);
  const maxSizeMb = useAppSelector(selectMaxSizeMb);
  const {
    activeContact: contact,
    messages,
    conversation,
    existsNextOld,
    existsNextNew,
    loadingOld,
    loadingNew,
    sending,
    deleting,
    unreadStart,
    groups,
    activeGroup,
  } = chat;
  const group = isGroupContact(contact);
  const listRef = useRef<HTMLDivElement>(null);
  const [photo, setPhoto] = useState<ChatMessage | null>(null);
  const [toDelete, setToDelete] = useState<ChatMessage | null>(null);

  // Scrolling: the first page shows the first unread message (or the end); older pages keep the
  // view where it was; new messages scroll to the end when the end was in view or they are one's own.
  const first = messages[0]?.id_message;
  const last = messages.at(-1);
  const previous = useRef<{ first?: number; lastId?: number; height: number; nearEnd: boolean; contact: unknown; loaded: boolean }>({
    height: 0,
    nearEnd: true,
    contact: null,
    loaded: false,
  });
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const prev = previous.current;
    const freshConversation = prev.contact !== contact || (!prev.loaded && !conversation.fetching);
    if (conversation.fetching) {
      previous.current = { ...prev, contact, loaded: false };
      return;
    }
    if (freshConversation) {
      const marker = unreadStart !== null ? el.querySelector<HTMLElement>('[data-unread-marker]') : null;
      if (marker) el.scrollTop = Math.max(0, marker.offsetTop - 48);
      else el.scrollTop = el.scrollHeight;
    } else if (prev.first !== undefined && first !== undefined && first < prev.first) {
      el.scrollTop += el.scrollHeight - prev.height; // older ones were put before
    } else if (last && last.id_message !== prev.lastId && (prev.nearEnd || last.ismine)) {
      el.scrollTop = el.scrollHeight;
    }
    previous.current = {
      first,
      lastId: last?.id_message,
      height: el.scrollHeight,
      nearEnd: el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_END,
      contact,
      loaded: true,
    };
  }, [contact, conversation.fetching, first, last, unreadStart, messages.length]);

  // A photo gets its height only when it has loaded: keep the end in view when it was in view
  // (load does not bubble, so it is caught on its way down).
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const onLoad = (e: Event) => {
      if (!(e.target instanceof HTMLImageElement) || !previous.current.nearEnd) return;
      el.scrollTop = el.scrollHeight;
      previous.current.height = el.scrollHeight;
    };
    el.addEventListener('load', onLoad, true);
    return () => el.removeEventListener('load', onLoad, true);
  }, [contact]);

  // Desktop: the contact the user just picked is answered in one step, so the message box takes
  // the focus (on phones it would pop up the keyboard over the conversation).
  const contactKey = contact ? `${contact.id_type}:${contact.idid}` : null;
  useEffect(() => {
    if (contactKey && !onBack) document.getElementById('chat-text')?.focus({ preventScroll: true });
  }, [contactKey, onBack]);

  const onScroll = useCallback(() => {
    const el = listRef.current;
    if (!el) return;
    previous.current.nearEnd = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_END;
    if (el.scrollTop < LOAD_OLDER_AT && existsNextOld && !loadingOld && !conversation.fetching && messages.length > 0) dispatch(chatActions.olderRequested());
    if (previous.current.nearEnd && existsNextNew && !loadingNew && !conversation.fetching) dispatch(chatActions.newerRequested());
  }, [dispatch, existsNextOld, existsNextNew, loadingOld, loadingNew, conversation.fetching, messages.length]);

  if (!contact) {
    return (
      <div className="chat-panel chat-empty-panel" data-testid="chat-conversation-empty">
        <ChatIcon size={40} className="chat-empty-icon" />
        <h1 className="sr-only">{t('cm:titles.chat')}</h1>
        <p>{chat.activeDiscipline ? t('conversation.choose') : t('contacts.chooseDiscipline')}</p>
      </div>
    );
  }

  const title = group ? t('contacts.groupChat') : contact.fio;
  const groupName = groups.data.find((g) => g.id === activeGroup)?.name;
  const sub = group ? [chat.activeDiscipline?.discipline, groupName].filter(Boolean).join(' · ') : chat.activeDiscipline?.discipline;

  return (
    <section className="chat-panel" aria-labelledby="chat-conversation-title" data-testid="chat-conversation">
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

      <div className="chat-messages" ref={listRef} onScroll={onScroll} data-testid="chat-messages" aria-live="polite" aria-relevant="additions">
        {conversation.fetching ? (
          <div className="chat-center">
            <Spinner label={t('cm:loading')} />
          </div>
        ) : conversation.error ? (
          <div className="chat-center">
            <LoadFailed what={t('conversation.loadFailed')} failure={conversation.error} onRetry={() => dispatch(chatActions.messagesReloadRequested())} />
          </div>
        ) : messages.length === 0 ? (
          <div className="chat-center chat-placeholder" data-testid="chat-placeholder">
            <p>{t('conversation.placeholder')}</p>
          </div>
        ) : (
          <>
            {existsNextOld ? (
              <div className="chat-older">
                {loadingOld ? (
                  <Spinner size="sm" label={t('cm:loading')} />
                ) : (
                  <button type="button" className="btn btn-ghost btn-small" onClick={() => dispatch(chatActions.olderRequested())}>
                    {t('conversation.older')}
                  </button>
                )}
              </div>
            ) : null}
            {messages.map((m, i) => {
              const day = i === 0 || !sameDay(messages[i - 1].date, m.date) ? dayOf(m.date) : null;
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
                  <MessageBubble message={m} showSender={group} onOpenPhoto={setPhoto} onDelete={setToDelete} />
                </Fragment>
              );
            })}
            {existsNextNew ? (
              <div className="chat-older">
                {loadingNew ? (
                  <Spinner size="sm" label={t('cm:loading')} />
                ) : (
                  <button type="button" className="btn btn-ghost btn-small" onClick={() => dispatch(chatActions.newerRequested())}>
                    {t('conversation.newer')}
                  </button>
                )}
              </div>
            ) : null}
          </>
        )}
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

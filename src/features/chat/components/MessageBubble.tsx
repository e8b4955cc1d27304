import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@contract/chat';
import { chatFileUrl } from '../chat.api';
import { CheckIcon, TrashIcon } from '@components/icons';
import { useFileSize } from '@components/FileTypeIcon';
import { truncateName } from '@lib/files';
import { timeOf } from '../format';
import { FileLink } from './FileBadge';

interface Props {
  message: ChatMessage;
  /** Group chats show who wrote each message of others. */
  showSender: boolean;
  onOpenPhoto: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
}

/** One message: own ones on the right; text as text, a photo thumbnail or a named file link, the time. */
export function MessageBubble({ message, showSender, onOpenPhoto, onDelete }: Props) {
  const { t } = useTranslation(['chat', 'cm']);
  const file = message.file;
  const own = message.ismine;
  const fileSize = useFileSize();
  // What the delete button deletes: the text's start, else the file's name.
  const what = truncateName(message.message?.trim() || file?.name || '', 40);
  const deleteLabel = what ? t('conversation.deleteWhat', { what }) : t('conversation.delete');
  return (
    <div className={`chat-msg${own ? ' own' : ''}`} data-testid="chat-message" data-id={message.id_message}>
      <div className="chat-bubble">
        {showSender && !own ? <div className="chat-msg-sender">{message.fio}</div> : null}
        {file?.image ? (
          <button type="button" className="chat-photo" onClick={() => onOpenPhoto(message)} aria-label={t('conversation.openPhoto', { name: file.name })}>
            <img src={chatFileUrl(message.id_message)} alt={file.name} loading="lazy" data-testid="chat-photo" />
          </button>
        ) : file ? (
          <FileLink
            href={chatFileUrl(message.id_message)}
            name={file.name}
            mime={file.mime}
            size={fileSize(file.size)}
            label={t('conversation.download', { name: file.name })}
          />
        ) : null}
        {message.message ? <p className="chat-msg-text">{message.message}</p> : null}
        <div className="chat-msg-meta">
          <time dateTime={message.date}>{timeOf(message.date)}</time>
          {own && !showSender ? (
            <span className={`chat-msg-status${message.isread ? ' read' : ''}`} title={t(message.isread ? 'conversation.read' : 'conversation.sent')}>
              <CheckIcon size={13} />
              {message.isread ? <CheckIcon size={13} className="second" /> : null}
              <span className="sr-only">{t(message.isread ? 'conversation.read' : 'conversation.sent')}</span>
            </span>
          ) : null}
        </div>
      </div>
      {own ? (
        <button
          type="button"
          className="icon-btn chat-msg-delete upload-file-delete"
          onClick={() => onDelete(message)}
          aria-label={deleteLabel}
          title={deleteLabel}
        >
          <TrashIcon size={16} />
        </button>
      ) : null}
    </div>
  );
}

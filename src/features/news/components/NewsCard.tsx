/** One news item: author (name and role), date and time, the message as text, files, badges, delete. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewsItem } from '@contract/news';
import { newsFileUrl, splitAuthor, splitFiles } from '../news.api';
import { Avatar } from '@components/Avatar';
import { icon } from '@components/icons';
import { PinIcon } from '@components/shellIcons';
import { FileTypeIcon } from '@components/FileTypeIcon';
import { truncateName } from '@lib/files';
import { formatDate, formatDateTime, formatTime } from '@lib/dates';

const TrashIcon = icon(<path d="M3 6h18M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6M10 11v6M14 11v6" />);

const AUDIENCE_KEYS = ['to.all', 'to.teachers', 'to.students'] as const;

interface Props {
  item: NewsItem;
  /** Show the delete icon (newsPerms and an editable item). */
  canDelete: boolean;
  deleting: boolean;
  onDelete: () => void;
  /** The item a notification opened (?item=): marked and scrolled into view. */
  focused?: boolean;
}

export function NewsCard({ item, canDelete, deleting, onDelete, focused }: Props) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focused) ref.current?.scrollIntoView({ block: 'start' });
  }, [focused]);
  const { t, i18n } = useTranslation('news');
  const author = splitAuthor(item.author);
  const files = splitFiles(item.files);
  const own = item.readCount !== undefined;
  const headingId = `news-${item.id_eventMessage}-author`;

  return (
    <article
      ref={ref}
      className={`card news-card${item.pinned ? ' news-card-pinned' : ''}${item.scheduled ? ' news-card-scheduled' : ''}${focused ? ' news-card-focus' : ''}`}
      aria-labelledby={headingId}
      aria-current={focused ? 'true' : undefined}
      data-testid="news-item"
      data-id={item.id_eventMessage}
    >
      <header className="news-card-head">
        <Avatar src={null} name={author.name} size={40} />
        <div className="news-author">
          <h2 id={headingId} className="news-author-name">
            {author.name}
          </h2>
          {author.role ? <p className="news-author-role">{author.role}</p> : null}
        </div>
        <p className="news-when">
          <time dateTime={item.date}>
            <span className="news-date">{formatDate(item.date, i18n.resolvedLanguage)}</span> <span className="news-time">{formatTime(item.date)}</span>
          </time>
        </p>
        {canDelete ? (
          <button
            type="button"
            className="icon-btn news-delete upload-file-delete"
            onClick={onDelete}
            disabled={deleting}
            aria-label={t('delete.button')}
            title={t('delete.button')}
          >
            <TrashIcon size={18} />
          </button>
        ) : null}
      </header>

      {item.pinned || item.scheduled || own ? (
        <p className="news-badges">
          {item.pinned ? (
            <span className="news-badge news-badge-pinned">
              <PinIcon size={14} />
              {t('pinned')}
            </span>
          ) : null}
          {item.scheduled ? (
            <span className="news-badge news-badge-scheduled">{t('scheduled', { date: formatDateTime(item.publishAt, i18n.resolvedLanguage) })}</span>
          ) : null}
          {own ? (
            <span className="news-badge">
              {t(AUDIENCE_KEYS[item.audience])}
              {item.faculty ? ` · ${item.faculty}` : ''}
            </span>
          ) : null}
        </p>
      ) : null}

      {item.message ? <p className="news-message">{item.message}</p> : null}

      {files.length > 0 ? (
        <ul className="news-files" aria-label={t('files')}>
          {files.map((name, i) => (
            <li key={`${i}-${name}`}>
              <a
                className="news-file"
                href={newsFileUrl(item.id_eventMessage, name)}
                download={name}
                title={name}
                aria-label={`${truncateName(name)}, ${t('download', { name })}`}
              >
                <FileTypeIcon name={name} />
                <span className="news-file-name">{truncateName(name)}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}

      {own && !item.scheduled ? (
        <p className="news-reads muted small" data-testid="news-reads">
          {t('readBy', { read: item.readCount ?? 0, total: item.addressedCount ?? 0 })}
        </p>
      ) : null}
    </article>
  );
}

/** One teaching material: its type, title, author, teacher, audience, pages, whether it is in the library, its annotation and file (read a PDF, download), edit and delete. */
import { useTranslation } from 'react-i18next';
import type { UmkItem } from '@contract/umk';
import { umkDownloadUrl, umkReadUrl } from '../umk.api';
import { FileTypeIcon } from '@components/FileTypeIcon';
import { DocumentEnd } from '@shared/upload/FileActions';

const AUDIENCE_KEYS = ['audience.all', 'audience.fullTime', 'audience.partTime'] as const;

export function UmkItemCard({ item, busy, onEdit, onDelete }: { item: UmkItem; busy: boolean; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('umk');
  const titleId = `umk-${item.id_books}-title`;
  return (
    <article className="card umk-item" aria-labelledby={titleId} data-testid="umk-item" data-id={item.id_books}>
      <FileTypeIcon name={item.fileName} mime={item.mime} />
      <div className="umk-item-body">
        <p className="umk-type small">{item.typeName}</p>
        <h3 id={titleId} className="umk-item-title">
          {item.umkName}
        </h3>
        <p className="muted small umk-item-meta">
          {item.author ? <span>{item.author}</span> : null}
          <span>{t('item.teacher', { name: item.teacher })}</span>
          <span>{t(AUDIENCE_KEYS[item.id_forStudentKind])}</span>
          {item.totalPages > 0 ? <span>{t('item.pages', { count: item.totalPages })}</span> : null}
          {item.id_eBook !== null ? <span className="umk-badge">{t('item.inLibrary')}</span> : null}
        </p>
        <DocumentEnd
          area="umk"
          description={item.description}
          title={item.umkName}
          doc={item}
          urls={{ download: umkDownloadUrl(item.id_books), read: umkReadUrl(item.id_books) }}
          busy={busy}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      </div>
    </article>
  );
}

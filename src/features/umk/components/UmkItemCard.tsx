/** One teaching material: its type, title, author, teacher, audience, pages, whether it is in the library, its annotation and file (read a PDF, download), edit and delete. */
import { useTranslation } from 'react-i18next';
import type { UmkItem } from '@contract/umk';
import { umkDownloadUrl, umkReadUrl } from '../umk.api';
import { FileTypeIcon } from '@components/FileTypeIcon';
import { DocumentCard } from '@shared/upload/FileActions';

const AUDIENCE_KEYS = ['audience.all', 'audience.fullTime', 'audience.partTime'] as const;

export function UmkItemCard({ item, busy, onEdit, onDelete }: { item: UmkItem; busy: boolean; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('umk');
  return (
    <DocumentCard
      area="umk"
      id={item.id_books}
      icon={<FileTypeIcon name={item.fileName} mime={item.mime} />}
      kicker={<p className="umk-type small">{item.typeName}</p>}
      title={item.umkName}
      meta={
        <>
          {item.author ? <span>{item.author}</span> : null}
          <span>{t('item.teacher', { name: item.teacher })}</span>
          <span>{t(AUDIENCE_KEYS[item.id_forStudentKind])}</span>
          {item.totalPages > 0 ? <span>{t('item.pages', { count: item.totalPages })}</span> : null}
          {item.id_eBook !== null ? <span className="upload-badge">{t('item.inLibrary')}</span> : null}
        </>
      }
      description={item.description}
      doc={item}
      urls={{ download: umkDownloadUrl(item.id_books), read: umkReadUrl(item.id_books) }}
      busy={busy}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  );
}

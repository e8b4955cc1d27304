import { useTranslation } from 'react-i18next';
import type { UmkItem } from '@contract/umk';
import { Spinner } from '@components/Spinner';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { LoadFailed } from '@shared/request/LoadFailed';
import { umkActions, selectUmk } from '../umk.slice';
import { UmkItemCard } from './UmkItemCard';

interface Props {
  waiting: boolean;
  /** The materials shown (those of the chosen teacher). */
  shown: readonly UmkItem[];
  onEdit: (item: UmkItem) => void;
  onDelete: (item: UmkItem) => void;
}

/** The materials of the chosen semester, with their progress, failure or why there are none. */
export function UmkList({ waiting, shown, onEdit, onDelete }: Props) {
  const { t } = useTranslation(['umk', 'cm']);
  const dispatch = useAppDispatch();
  const { half, disciplines, semesterId, items, remove } = useAppSelector(selectUmk);
  return (
    <section className="umk-list" aria-label={t('list')} aria-busy={waiting}>
      {waiting ? (
        <div className="umk-loading">
          <Spinner label={t('cm:loading')} />
        </div>
      ) : null}
      {items.error && semesterId !== null ? (
        <LoadFailed what={t('loadError')} failure={items.error} onRetry={() => dispatch(umkActions.semesterSelected({ id: semesterId }))} />
      ) : null}
      {/* "None" only once the list has answered. */}
      {disciplines.loaded && half && disciplines.data.length === 0 ? <p className="card muted umk-empty">{t('noDisciplines')}</p> : null}
      {items.loaded && semesterId !== null && items.data.length === 0 ? <p className="card muted umk-empty">{t('empty')}</p> : null}
      {items.loaded && items.data.length > 0 && shown.length === 0 ? <p className="card muted umk-empty">{t('emptyForTeacher')}</p> : null}
      {shown.map((item) => (
        <UmkItemCard
          key={item.id_books}
          item={item}
          busy={remove.fetching && remove.id === item.id_books}
          onEdit={() => onEdit(item)}
          onDelete={() => onDelete(item)}
        />
      ))}
    </section>
  );
}

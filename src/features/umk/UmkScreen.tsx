/**
 * /lms/umk (docs/areas/umk.md#for-users): the teaching materials of the caller's disciplines by academic year, half-year,
 * discipline and semester. A teacher adds materials (optionally also into the e-library), edits and
 * deletes his own after a confirmation; a student reads and downloads those meant for him.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UmkItem } from '@contract/umk';
import { ConfirmDialog } from '@components/ConfirmDialog';
import { ErrorLine } from '@components/fields';
import { pending } from '@shared/request/loadable';
import { selectMaxSizeMb } from '@shared/config/config';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { ROLE_TEACHER } from '@shared/request/roles';
import { selectUser } from '@shared/session/session';
import { describeFailure } from '@shared/request/errors';
import { shortName } from '@lib/names';
import { UnconfirmedSave } from '@shared/upload/UnconfirmedSave';
import { UmkFilters, UmkFiltersFailed } from './components/UmkFilters';
import { UmkForm } from './components/UmkForm';
import { UmkList } from './components/UmkList';
import { umkActions, selectUmk, type UmkDraft } from './umk.slice';
import './umk.css';

export default function UmkScreen() {
  const { t } = useTranslation(['umk', 'cm']);
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const maxSizeMb = useAppSelector(selectMaxSizeMb);
  const state = useAppSelector(selectUmk);
  const { half, halfError, disciplines, disciplineId, semesters, semesterId, items, teacherId, types, examTypes, categories, save, remove } = state;
  const [form, setForm] = useState<{ item: UmkItem | null } | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);

  useEffect(() => {
    dispatch(umkActions.opened());
  }, [dispatch]);

  const [savedSeen, setSavedSeen] = useState(save.saved);
  if (save.saved !== savedSeen) {
    setSavedSeen(save.saved);
    setForm(null);
  }

  const submit = useCallback((draft: UmkDraft) => dispatch(umkActions.saveRequested(draft)), [dispatch]);
  if (!user) return null;
  const teacher = user.role === ROLE_TEACHER;
  const canAdd = teacher && disciplineId !== null && semesterId !== null;
  const confirmItem = items.data.find((i) => i.id_books === confirming);
  const shown = teacherId > 0 ? items.data.filter((i) => i.id_teacher === teacherId) : items.data;
  // Each level waits for the one above: the half-year, the disciplines, the chosen one's semesters, its materials.
  const halfWaiting = half === null && !halfError;
  const disciplinesWaiting = halfWaiting || (half !== null && pending(disciplines));
  const semestersWaiting = disciplinesWaiting || (disciplineId !== null && pending(semesters));
  const listWaiting = semestersWaiting || items.fetching;

  return (
    <div className="umk-screen">
      <div className="screen-head">
        <h1 className="screen-title">{t('title')}</h1>
        {canAdd && !form ? (
          <button type="button" className="btn btn-primary" onClick={() => setForm({ item: null })} data-testid="umk-add">
            {t('actions.add')}
          </button>
        ) : null}
      </div>

      <UmkFilters teacher={teacher} halfWaiting={halfWaiting} disciplinesWaiting={disciplinesWaiting} semestersWaiting={semestersWaiting} />

      <UmkFiltersFailed />

      {form ? (
        <UmkForm
          key={form.item?.id_books ?? 'new'}
          item={form.item}
          defaultAuthor={user.fullName ? shortName(user.fullName) : ''}
          types={types.data}
          examTypes={examTypes.data}
          categories={categories.data}
          maxSizeMb={maxSizeMb}
          busy={save.fetching}
          progress={save.progress}
          error={save.error}
          onSubmit={submit}
          onCancelUpload={() => dispatch(umkActions.saveCancelled())}
          onClose={() => setForm(null)}
          onErrorClose={() => dispatch(umkActions.saveErrorCleared())}
        />
      ) : null}

      {save.unconfirmed ? <UnconfirmedSave ns="umk" onClose={() => dispatch(umkActions.saveNoticeCleared())} /> : null}

      {remove.error ? (
        <ErrorLine
          message={t('delete.failed')}
          detail={describeFailure(t, remove.error) || undefined}
          onClose={() => dispatch(umkActions.deleteErrorCleared())}
        />
      ) : null}

      <UmkList waiting={listWaiting} shown={shown} onEdit={(item) => setForm({ item })} onDelete={(item) => setConfirming(item.id_books)} />

      {confirming !== null ? (
        <ConfirmDialog
          title={t('delete.title')}
          text={t(confirmItem?.id_eBook != null ? 'delete.textShared' : 'delete.text', { name: confirmItem?.umkName ?? '' })}
          confirm={t('delete.confirm')}
          cancel={t('delete.cancel')}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            dispatch(umkActions.deleteRequested({ id: confirming }));
            setConfirming(null);
          }}
        />
      ) : null}
    </div>
  );
}

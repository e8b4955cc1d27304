/**
 * /lms/umk (docs/product.md#umk): the teaching materials of the caller's disciplines by academic year, half-year,
 * discipline and semester. A teacher adds materials (optionally also into the e-library), edits and
 * deletes his own after a confirmation; a student reads and downloads those meant for him.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UmkItem } from '../../../contract/umk';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorLine } from '../../components/fields';
import { LoadFailed } from '../../shared/request/LoadFailed';
import { HalfYearSelects } from '../../components/HalfYearSelects';
import { Select } from '../../components/Select';
import { Spinner } from '../../components/Spinner';
import { selectMaxSizeMb } from '../../shared/config/config';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { ROLE_TEACHER } from '../../shared/request/roles';
import { selectUser } from '../../shared/session/session';
import { describeFailure } from '../../shared/request/errors';
import { shortName } from '../../lib/names';
import { usePageTitle } from '../../lib/usePageTitle';
import { UmkForm } from './components/UmkForm';
import { UmkItemCard } from './components/UmkItemCard';
import { umkActions, selectUmk, type UmkDraft } from './umk.slice';
import './umk.css';

export default function UmkScreen() {
  const { t } = useTranslation(['umk', 'cm']);
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const maxSizeMb = useAppSelector(selectMaxSizeMb);
  const state = useAppSelector(selectUmk);
  const { half, years, halfError, disciplines, disciplineId, semesters, semesterId, items, teachers, teacherId, types, examTypes, categories, save, remove } =
    state;
  const [form, setForm] = useState<{ item: UmkItem | null } | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  usePageTitle(t('title'));

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
  // The years to switch to; the current one alone while the list is missing.
  const yearOptions = years.length ? years : half ? [{ id: half.year, name: `${half.year}-${String((half.year + 1) % 100).padStart(2, '0')}` }] : [];

  return (
    <div className="umk-screen">
      <div className="umk-head">
        <h1 className="umk-title">{t('title')}</h1>
        {canAdd && !form ? (
          <button type="button" className="btn btn-primary" onClick={() => setForm({ item: null })} data-testid="umk-add">
            {t('actions.add')}
          </button>
        ) : null}
      </div>

      <section className="card umk-filters" aria-label={t('filters')}>
        <HalfYearSelects ns="umk" idPrefix="umk" years={yearOptions} half={half} disableEmpty onChange={(h) => dispatch(umkActions.halfSelected(h))} />
        <Select
          id="umk-discipline"
          label={t('fields.discipline')}
          options={disciplines.data.map((d) => ({ id: d.id, name: d.name }))}
          value={disciplineId ?? -1}
          disabled={disciplines.fetching}
          onChange={(id) => id > 0 && dispatch(umkActions.disciplineSelected({ id }))}
        />
        <Select
          id="umk-semester"
          label={t('fields.semester')}
          options={semesters.data.map((s) => ({ id: s.id, name: t('semesterName', { count: Number(s.name), ordinal: true }) }))}
          value={semesterId ?? -1}
          disabled={semesters.fetching}
          onChange={(id) => id > 0 && dispatch(umkActions.semesterSelected({ id }))}
        />
        {teacher && teachers.data.length > 1 ? (
          <Select
            id="umk-teacher"
            label={t('fields.teacher')}
            options={[{ id: 0, name: t('allTeachers') }, ...teachers.data]}
            value={teacherId}
            blank={false}
            onChange={(id) => dispatch(umkActions.teacherFiltered({ id }))}
          />
        ) : null}
      </section>

      {halfError || disciplines.error || semesters.error ? (
        <LoadFailed
          what={t('loadError')}
          failure={(halfError ?? disciplines.error ?? semesters.error)!}
          onRetry={() =>
            dispatch(
              halfError || !half
                ? umkActions.opened()
                : disciplines.error || disciplineId === null
                  ? umkActions.halfSelected(half)
                  : umkActions.disciplineSelected({ id: disciplineId }),
            )
          }
        />
      ) : null}

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

      {remove.error ? (
        <ErrorLine
          message={t('delete.failed')}
          detail={describeFailure(t, remove.error) || undefined}
          onClose={() => dispatch(umkActions.deleteErrorCleared())}
        />
      ) : null}

      <section className="umk-list" aria-label={t('list')} aria-busy={items.fetching || disciplines.fetching || semesters.fetching}>
        {items.fetching || disciplines.fetching || semesters.fetching ? (
          <div className="umk-loading">
            <Spinner label={t('cm:loading')} />
          </div>
        ) : null}
        {items.error && semesterId !== null ? (
          <LoadFailed what={t('loadError')} failure={items.error} onRetry={() => dispatch(umkActions.semesterSelected({ id: semesterId }))} />
        ) : null}
        {!disciplines.fetching && !disciplines.error && half && disciplines.data.length === 0 ? (
          <p className="card muted umk-empty">{t('noDisciplines')}</p>
        ) : null}
        {!items.fetching && !items.error && semesterId !== null && items.data.length === 0 ? <p className="card muted umk-empty">{t('empty')}</p> : null}
        {!items.fetching && items.data.length > 0 && shown.length === 0 ? <p className="card muted umk-empty">{t('emptyForTeacher')}</p> : null}
        {shown.map((item) => (
          <UmkItemCard
            key={item.id_books}
            item={item}
            busy={remove.fetching && remove.id === item.id_books}
            onEdit={() => setForm({ item })}
            onDelete={() => setConfirming(item.id_books)}
          />
        ))}
      </section>

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

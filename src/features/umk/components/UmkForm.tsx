/**
 * Adding or editing a teaching material of the chosen discipline and semester: type, title,
 * author, annotation, pages, form of control, audience (all, full-time, part-time), "also in the
 * e-library" with its category, and the file (required for a new material). The upload shows the
 * bytes sent and can be cancelled.
 */
import { useId, useMemo, useState } from 'react';
import { useField } from 'formik';
import { useTranslation } from 'react-i18next';
import type { IdName } from '@contract/common';
import type { UmkAudience, UmkItem } from '@contract/umk';
import { NEW_UMK } from '../umk.api';
import { ConfirmDialog } from '@components/ConfirmDialog';
import { CheckField, TextField } from '@components/fields';
import { Select } from '@components/Select';
import type { UploadState } from '@shared/upload/UploadFields';
import { UploadForm, uploadDraft, uploadRules } from '@shared/upload/UploadForm';
import { yupValidator } from '@lib/validation';
import type { UmkDraft } from '../umk.slice';

interface Values {
  typeId: number;
  name: string;
  author: string;
  description: string;
  totalPages: string;
  examTypeId: number;
  audience: UmkAudience;
  forEBooks: boolean;
  bookCategoryId: number;
  file: File | null;
}

interface Props extends UploadState {
  item: UmkItem | null;
  defaultAuthor: string;
  types: IdName[];
  examTypes: IdName[];
  categories: IdName[];
  onSubmit: (draft: UmkDraft) => void;
}

function SelectField({ name, label, options }: { name: 'typeId' | 'examTypeId' | 'bookCategoryId' | 'audience'; label: string; options: IdName[] }) {
  const [field, meta, helpers] = useField<number>(name);
  const id = useId();
  return (
    <div>
      <Select
        id={id}
        label={label}
        options={options}
        value={options.some((o) => o.id === field.value) ? field.value : -1}
        onChange={(v) => void helpers.setValue(v)}
        blank={name !== 'audience'}
      />
      {meta.touched && meta.error ? <p className="field-error">{meta.error}</p> : null}
    </div>
  );
}

export function UmkForm(props: Props) {
  const { item, defaultAuthor, types, examTypes, categories, onSubmit, ...upload } = props;
  const { maxSizeMb } = upload;
  const { t } = useTranslation(['umk', 'cm']);
  const isNew = item === null;
  /** A material about to be shared with the whole library waits for the teacher's yes. */
  const [sharing, setSharing] = useState<UmkDraft | null>(null);
  const submit = (draft: UmkDraft) => (draft.forEBooks && item?.id_eBook == null ? setSharing(draft) : onSubmit(draft));

  const validate = useMemo(
    () =>
      yupValidator<Values>((yup) =>
        yup.object({
          ...uploadRules(yup, t, isNew, maxSizeMb),
          typeId: yup.number().min(1, t('form.required')),
          examTypeId: yup.number().min(1, t('form.required')),
          author: yup.string().max(300, t('form.tooLong', { max: 300 })),
          totalPages: yup.string().matches(/^\d{0,5}$/, t('form.pagesInvalid')),
          bookCategoryId: yup.number().test('category', t('form.categoryRequired'), function (v) {
            return !(this.parent as Values).forEBooks || (v ?? -1) > 0;
          }),
        }),
      ),
    [t, isNew, maxSizeMb],
  );

  const initial: Values = {
    typeId: item?.id_typeUmk ?? -1,
    name: item?.umkName ?? '',
    author: item?.author ?? defaultAuthor,
    description: item?.description ?? '',
    totalPages: item && item.totalPages > 0 ? String(item.totalPages) : '',
    examTypeId: item?.id_examination ?? -1,
    audience: item?.id_forStudentKind ?? 0,
    forEBooks: item ? item.id_eBook !== null : false,
    bookCategoryId: item?.id_bookCategory ?? -1,
    file: null,
  };
  const audiences: IdName[] = [
    { id: 0, name: t('audience.all') },
    { id: 1, name: t('audience.fullTime') },
    { id: 2, name: t('audience.partTime') },
  ];

  return (
    <UploadForm<Values>
      ns="umk"
      isNew={isNew}
      {...upload}
      initialValues={initial}
      validate={validate}
      onSubmit={(v) =>
        submit({
          id: item?.id_books ?? NEW_UMK,
          typeId: v.typeId,
          ...uploadDraft(v),
          examTypeId: v.examTypeId,
          audience: v.audience,
          forEBooks: v.forEBooks,
          bookCategoryId: v.bookCategoryId,
        })
      }
      after={
        sharing ? (
          <ConfirmDialog
            title={t('share.title')}
            text={t('share.text', { name: sharing.name })}
            confirm={t('share.confirm')}
            cancel={t('share.cancel')}
            onCancel={() => setSharing(null)}
            onConfirm={() => {
              onSubmit(sharing);
              setSharing(null);
            }}
          />
        ) : null
      }
    >
      {({ values }) => (
        <>
          <SelectField name="typeId" label={t('fields.type')} options={types} />
          <TextField name="name" label={t('fields.name')} prose />
          <TextField name="author" label={t('fields.author')} prose />
          <TextField name="totalPages" label={t('fields.pages')} type="number" />
          <SelectField name="examTypeId" label={t('fields.examType')} options={examTypes} />
          <SelectField name="audience" label={t('fields.audience')} options={audiences} />
          <div className="upload-form-wide">
            <TextField name="description" label={t('fields.annotation')} multiline prose />
          </div>
          <div className="upload-form-wide umk-share">
            <CheckField name="forEBooks" label={t('fields.forEBooks')} testId="umk-for-ebooks" />
            {values.forEBooks ? <SelectField name="bookCategoryId" label={t('fields.bookCategory')} options={categories} /> : null}
          </div>
        </>
      )}
    </UploadForm>
  );
}

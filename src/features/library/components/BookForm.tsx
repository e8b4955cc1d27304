/**
 * Adding or editing a book: category, title, author, pages, annotation and the file (required for
 * a new book). While it uploads, the bar shows the bytes sent and the upload can be cancelled.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BaseCategory, Book, BookCategory } from '@contract/library';
import { BOOK_FILE_EXTENSIONS, NEW_BOOK } from '../library.api';
import { TextField } from '@components/fields';
import { Select } from '@components/Select';
import type { UploadState } from '@shared/upload/UploadFields';
import { UploadForm, uploadDraft, uploadRules } from '@shared/upload/UploadForm';
import { yupValidator } from '@lib/validation';
import type { BookDraft } from '../library.slice';

interface Values {
  categoryId: number;
  name: string;
  author: string;
  totalPages: string;
  description: string;
  file: File | null;
}

interface Props extends UploadState {
  /** The book being edited, or null for a new one. */
  book: Book | null;
  bases: BaseCategory[];
  baseId: number | null;
  categories: BookCategory[];
  categoryId: number | null;
  onBaseChange: (id: number) => void;
  onSubmit: (draft: BookDraft) => void;
}

export function BookForm(props: Props) {
  const { book, bases, baseId, categories, categoryId, onBaseChange, onSubmit, ...upload } = props;
  const { maxSizeMb, busy, quota } = upload;
  const { t } = useTranslation(['library', 'cm']);

  const isNew = book === null;
  const validate = useMemo(
    () =>
      yupValidator<Values>((yup) =>
        yup.object({
          ...uploadRules(yup, t, isNew, maxSizeMb, BOOK_FILE_EXTENSIONS, quota),
          categoryId: yup.number().min(1, t('form.required')),
          author: yup
            .string()
            .trim()
            .required(t('form.required'))
            .max(300, t('form.tooLong', { max: 300 })),
          totalPages: yup
            .string()
            .matches(/^\d{0,6}$/, t('form.pagesInvalid'))
            .test('max', t('form.pagesInvalid'), (v) => !v || Number(v) <= 100000),
        }),
      ),
    [t, isNew, maxSizeMb, quota],
  );

  const initial: Values = {
    categoryId: book?.id_bookCategory ?? categoryId ?? -1,
    name: book?.name ?? '',
    author: book?.author ?? '',
    totalPages: book && book.totalPages > 0 ? String(book.totalPages) : '',
    description: book?.description ?? '',
    file: null,
  };

  return (
    <UploadForm<Values>
      ns="library"
      isNew={isNew}
      extensions={BOOK_FILE_EXTENSIONS}
      {...upload}
      initialValues={initial}
      validate={validate}
      onSubmit={(v) =>
        onSubmit({
          id: book?.id_eBook ?? NEW_BOOK,
          categoryId: v.categoryId,
          ...uploadDraft(v),
        })
      }
    >
      {({ values, setFieldValue, errors, touched }) => (
        <>
          <Select
            id="library-form-base"
            label={t('fields.category')}
            options={bases.map((b) => ({ id: b.id_baseBookCategory, name: b.name }))}
            value={baseId ?? -1}
            onChange={(id) => {
              onBaseChange(id);
              void setFieldValue('categoryId', -1);
            }}
            disabled={busy}
          />
          <div>
            <Select
              id="library-form-category"
              label={t('fields.subcategory')}
              options={categories.map((c) => ({ id: c.id_bookCategory, name: c.name }))}
              value={categories.some((c) => c.id_bookCategory === values.categoryId) ? values.categoryId : -1}
              onChange={(id) => void setFieldValue('categoryId', id)}
              disabled={busy}
            />
            {touched.categoryId && errors.categoryId ? <p className="field-error">{errors.categoryId}</p> : null}
          </div>
          <TextField name="name" label={t('fields.title')} prose />
          <TextField name="author" label={t('fields.author')} prose />
          <TextField name="totalPages" label={t('fields.pages')} type="number" />
          <div className="upload-form-wide">
            <TextField name="description" label={t('fields.annotation')} multiline prose />
          </div>
        </>
      )}
    </UploadForm>
  );
}

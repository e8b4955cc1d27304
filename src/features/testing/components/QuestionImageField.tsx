/**
 * The question form's image (one PNG, JPEG, WebP or GIF, at most the portal's upload limit) with its
 * alt text, and the live preview of the question's text with its formulas.
 */
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import type { QuestionImage } from '@contract/testing';
import { FileField } from '@components/FileField';
import { TextField } from '@components/fields';
import { selectMaxSizeMb } from '@shared/config/config';
import { useAppSelector } from '@shared/hooks';
import { QUESTION_IMAGE_TYPES } from '@contract/pure/testing-limits';
import { QuestionPicture } from './QuestionPicture';
import { RichText } from './RichText';
import type { QuestionValues } from './questionForm';

export function TextPreview() {
  const { t } = useTranslation('testing');
  const { values } = useFormikContext<QuestionValues>();
  if (!values.text.trim()) return null;
  return (
    <div className="ts-text-preview" data-testid="ts-text-preview">
      <p className="muted small">{t('form.preview')}</p>
      <p className="ts-question-text">
        <RichText text={values.text} />
      </p>
    </div>
  );
}

export function QuestionImageField({ image }: { image: QuestionImage | null }) {
  const { t } = useTranslation('testing');
  const maxSizeMb = useAppSelector(selectMaxSizeMb);
  const { values, setFieldValue } = useFormikContext<QuestionValues>();
  const kept = image !== null && !values.removeImage;
  return (
    <fieldset className="ts-image-field">
      <legend>{t('form.image')}</legend>
      {kept ? (
        <>
          <QuestionPicture image={image} />
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void setFieldValue('removeImage', true)}>
            {t('form.removeImage')}
          </button>
        </>
      ) : image ? (
        <p className="muted">
          {t('form.imageRemoved')}{' '}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void setFieldValue('removeImage', false)}>
            {t('form.keepImage')}
          </button>
        </p>
      ) : null}
      <FileField
        name="imageFile"
        label={image ? t('form.replaceImage') : t('form.addImage')}
        hint={t('form.imageHint', { maxSizeMb })}
        required={false}
        accept={QUESTION_IMAGE_TYPES.join(',')}
      />
      {values.imageFile || kept ? <TextField name="imageAlt" label={t('form.imageAlt')} hint={t('form.imageAltHint')} /> : null}
    </fieldset>
  );
}

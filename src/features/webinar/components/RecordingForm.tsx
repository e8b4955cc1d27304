/** Adds a recording's https link with its title to a meeting (behind a disclosure, so that the list stays short). */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { isMeetingLink, WEBINAR_LINK_MAX, WEBINAR_TITLE_MAX } from '@contract/pure/webinar';
import { TextField } from '@components/fields';
import { usePreloadYup, yupValidator } from '@lib/validation';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { webinarActions as A, selectWebinar } from '../webinar.slice';

interface Values {
  title: string;
  url: string;
}

export function RecordingForm({ meetingId }: { meetingId: number }) {
  const { t } = useTranslation('webinar');
  const dispatch = useAppDispatch();
  const { recording } = useAppSelector(selectWebinar);
  const [open, setOpen] = useState(false);
  const done = useRef(recording.done);
  const reset = useRef<FormikHelpers<Values>['resetForm'] | null>(null);
  usePreloadYup();

  useEffect(() => {
    if (recording.done !== done.current) {
      done.current = recording.done;
      reset.current?.();
    }
  }, [recording.done]);

  const validate = useMemo(
    () =>
      yupValidator<Values>((yup) =>
        yup.object({
          title: yup
            .string()
            .trim()
            .required(t('required'))
            .max(WEBINAR_TITLE_MAX, t('tooLong', { max: WEBINAR_TITLE_MAX })),
          url: yup.string().test('link', t('attach.badLink', { max: WEBINAR_LINK_MAX }), (v) => isMeetingLink((v ?? '').trim())),
        }),
      ),
    [t],
  );
  const formId = `wb-rec-${meetingId}`;
  return (
    <div className="wb-rec">
      <button type="button" className="btn btn-ghost" aria-expanded={open} aria-controls={open ? formId : undefined} onClick={() => setOpen(!open)}>
        {t('recordings.add')}
      </button>
      {open ? (
        <Formik<Values>
          initialValues={{ title: '', url: '' }}
          validate={validate}
          onSubmit={(v, helpers) => {
            reset.current = helpers.resetForm;
            dispatch(A.recordingRequested({ meetingId, title: v.title.trim(), url: v.url.trim() }));
          }}
        >
          <Form id={formId} className="wb-form" noValidate aria-label={t('recordings.add')}>
            <TextField name="title" label={t('recordings.titleField')} />
            <TextField name="url" type="url" label={t('recordings.url')} hint={t('attach.urlHint')} />
            <button type="submit" className="btn btn-secondary" disabled={recording.busy} aria-busy={recording.busy || undefined}>
              {recording.busy ? t('sending') : t('recordings.submit')}
            </button>
          </Form>
        </Formik>
      ) : null}
    </div>
  );
}

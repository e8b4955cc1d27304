/**
 * The meeting of one lesson: on the portal's meeting server (a room only the lesson's teacher and
 * students get), or a pasted https link. The form checks the link; the server's refusal (another
 * meeting attached meanwhile…) is said under it.
 */
import { useMemo } from 'react';
import { Field, Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import type { ComingLesson, WebinarProvider } from '@contract/webinar';
import { isMeetingLink, WEBINAR_LINK_MAX } from '@contract/pure/webinar';
import { RefusalSubmit } from '@components/RefusalSubmit';
import { TextField } from '@components/fields';
import { usePreloadYup, yupValidator } from '@lib/validation';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { webinarActions as A, selectWebinar } from '../webinar.slice';

interface Values {
  provider: WebinarProvider;
  url: string;
}

export function AttachForm({ id, lesson, serverConfigured }: { id: string; lesson: ComingLesson; serverConfigured: boolean }) {
  const { t } = useTranslation('webinar');
  const dispatch = useAppDispatch();
  const { attach } = useAppSelector(selectWebinar);
  usePreloadYup();
  const validate = useMemo(
    () =>
      yupValidator<Values>((yup) =>
        yup.object({
          provider: yup.string().required(),
          url: yup.string().when('provider', {
            is: 'link',
            then: (s) => s.test('link', t('attach.badLink', { max: WEBINAR_LINK_MAX }), (v) => isMeetingLink((v ?? '').trim())),
          }),
        }),
      ),
    [t],
  );
  return (
    <Formik<Values>
      initialValues={{ provider: serverConfigured ? 'portal' : 'link', url: '' }}
      validate={validate}
      onSubmit={(v) => {
        dispatch(
          A.attachRequested({ idShed: lesson.idShed, date: lesson.date, provider: v.provider, ...(v.provider === 'link' ? { url: v.url.trim() } : {}) }),
        );
      }}
    >
      {({ values }) => (
        <Form id={id} className="wb-form" noValidate aria-label={t('attach.title', { discipline: lesson.discipline })} data-testid="wb-attach">
          <fieldset className="wb-choice">
            <legend>{t('attach.provider')}</legend>
            <label>
              <Field type="radio" name="provider" value="portal" disabled={!serverConfigured} /> {t('attach.portal')}
            </label>
            <label>
              <Field type="radio" name="provider" value="link" /> {t('attach.link')}
            </label>
          </fieldset>
          {values.provider === 'link' ? <TextField name="url" type="url" label={t('attach.url')} hint={t('attach.urlHint')} /> : null}
          <RefusalSubmit
            refusalClass="wb-refusal"
            refusalTestId="wb-attach-refusal"
            refusal={attach.failure ? describeFailure(t, attach.failure) : ''}
            busy={attach.busy}
            submit={attach.busy ? t('sending') : t('attach.submit')}
          />
        </Form>
      )}
    </Formik>
  );
}

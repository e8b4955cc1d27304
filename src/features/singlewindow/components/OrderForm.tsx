/** The order form: document, region, the region's districts, purpose; one order per click (the button waits for the reply). */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '@components/Select';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { pending } from '@shared/request/loadable';
import { LoadFailed } from '@shared/request/LoadFailed';
import { selectSingleWindow, singlewindowActions as a } from '../singlewindow.slice';

export function OrderForm() {
  const { t } = useTranslation('singlewindow');
  const dispatch = useAppDispatch();
  const { docs, regions, districts, purposes, save } = useAppSelector(selectSingleWindow);
  const [doc, setDoc] = useState(-1);
  const [region, setRegion] = useState(-1);
  const [district, setDistrict] = useState(-1);
  const [purpose, setPurpose] = useState(-1);
  // A saved order empties the form for the next one.
  useEffect(() => {
    if (save.savedAt === 0) return;
    setDoc(-1);
    setRegion(-1);
    setDistrict(-1);
    setPurpose(-1);
  }, [save.savedAt]);
  const complete = doc > 0 && region > 0 && district > 0 && purpose > 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!complete || save.busy) return;
    dispatch(a.saveRequested({ id_doc: doc, id_region: region, id_district: district, id_naznachenie: purpose }));
  };
  if (docs.error && docs.data.length === 0) return <LoadFailed what={t('listsFailed')} failure={docs.error} onRetry={() => dispatch(a.listsRequested())} />;
  return (
    <form className="card sw-form" onSubmit={submit} aria-labelledby="sw-form-title" data-testid="order-form">
      <h2 id="sw-form-title">{t('form.title')}</h2>
      <div className="sw-fields">
        <Select id="sw-doc" label={t('form.doc')} options={docs.data} value={doc} onChange={setDoc} loading={pending(docs)} />
        <Select
          id="sw-region"
          label={t('form.region')}
          options={regions.data}
          value={region}
          loading={pending(regions)}
          onChange={(id) => {
            setRegion(id);
            setDistrict(-1);
            dispatch(a.regionSelected({ id }));
          }}
        />
        <Select
          id="sw-district"
          label={t('form.district')}
          options={districts.data}
          value={district}
          onChange={setDistrict}
          disabled={region <= 0}
          loading={region > 0 && pending(districts)}
        />
        <Select id="sw-purpose" label={t('form.purpose')} options={purposes.data} value={purpose} onChange={setPurpose} loading={pending(purposes)} />
      </div>
      {save.error ? (
        <p className="field-error" role="alert">
          {describeFailure(t, save.error)}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={!complete || save.busy} aria-busy={save.busy}>
        {save.busy ? t('form.saving') : t('form.save')}
      </button>
      {!complete ? <p className="muted small">{t('form.hint')}</p> : null}
    </form>
  );
}

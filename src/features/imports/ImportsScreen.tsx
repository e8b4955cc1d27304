/**
 * /lms/admin/imports (docs/areas/imports.md#the-screen): an administrator chooses the kind of list,
 * downloads its template, chooses a file, checks it (a dry run: the preview) and imports it; the new
 * accounts' one-time passwords are offered once as a file. The file stays chosen after a failure, for Retry.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportAccountsFile, ImportKind } from '@contract/imports';
import type { Failure } from '@api/http';
import { Select } from '@components/Select';
import { Spinner } from '@components/Spinner';
import { useFileSize } from '@components/FileTypeIcon';
import { TitleRow } from '@components/TitleRow';
import { selectMaxSizeMb } from '@shared/config/config';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { describeFailure } from '@shared/request/errors';
import { LoadFailed } from '@shared/request/LoadFailed';
import { ImportPreview } from './components/ImportPreview';
import { IMPORT_ACCEPT, IMPORT_KINDS, IMPORT_MAX_BYTES, templateUrl } from './imports.api';
import { importsActions as A, selectImports, type ImportStep } from './imports.slice';
import './imports.css';

/** Saves the accounts' workbook the import gave (it exists in this page only). */
function saveAccountsFile(file: ImportAccountsFile): void {
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A refusal of the file itself (a 4xx: its words are the server's), else a failure to retry. */
const isRefusal = (failure: Failure) => failure.status != null && failure.status >= 400 && failure.status < 500;

function AccountsOffer({ file, count }: { file: ImportAccountsFile; count: number }) {
  const { t } = useTranslation('imports');
  const dispatch = useAppDispatch();
  const [saved, setSaved] = useState(false);
  return (
    <div className="card imp-accounts" role="region" aria-labelledby="imp-accounts-title" data-testid="imports-accounts">
      <h2 id="imp-accounts-title" className="imp-h2">
        {t('accounts.title', { n: count })}
      </h2>
      <p>{t('accounts.once')}</p>
      <div className="imp-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            saveAccountsFile(file);
            setSaved(true);
          }}
          data-testid="imports-accounts-save"
        >
          {t('accounts.save')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => dispatch(A.accountsTaken())} data-testid="imports-accounts-done">
          {saved ? t('accounts.done') : t('accounts.discard')}
        </button>
      </div>
    </div>
  );
}

export default function ImportsScreen() {
  const { t, i18n } = useTranslation(['imports', 'cm']);
  const dispatch = useAppDispatch();
  const { kind, validOnly, busy, progress, preview, result, accountsFile, failure } = useAppSelector(selectImports);
  const maxSizeMb = useAppSelector(selectMaxSizeMb);
  const fileSize = useFileSize();
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = { kind: useId(), file: useId(), hint: useId(), valid: useId(), preview: useId() };
  const limitBytes = Math.min(maxSizeMb * 1024 * 1024, IMPORT_MAX_BYTES);
  const limitMb = Math.round(limitBytes / 1024 / 1024);

  useEffect(() => {
    dispatch(A.opened());
    // The accounts' file is offered on this visit only.
    return () => {
      dispatch(A.accountsTaken());
    };
  }, [dispatch]);

  const choose = (chosen: File | null) => {
    dispatch(A.fileChosen());
    setFile(chosen);
    setTooLarge(chosen !== null && chosen.size > limitBytes);
  };
  const kinds = IMPORT_KINDS.map((k, i) => ({ id: i, name: t(`kinds.${k}`) }));
  const refused = (preview?.refused.length ?? 0) > 0;
  const nothingToWrite = preview !== null && preview.added.length === 0 && preview.changed.length === 0;
  const canCheck = file !== null && !tooLarge && busy === null;
  const canImport = canCheck && preview !== null && result === null && !nothingToWrite && (!refused || validOnly);
  const run = (step: ImportStep) => {
    if (!file) return;
    dispatch(step === 'check' ? A.checkRequested({ file }) : A.importRequested({ file }));
  };
  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : null;
  const status = busy
    ? percent !== null && percent < 100
      ? t(busy === 'check' ? 'status.checkingSent' : 'status.importingSent', { percent })
      : t(busy === 'check' ? 'status.checking' : 'status.importing')
    : result
      ? result.written
        ? t('status.imported', { added: result.added.length, changed: result.changed.length, unchanged: result.unchanged })
        : t('status.notWritten')
      : preview
        ? refused
          ? t('status.checkedRefused', { n: preview.refused.length })
          : nothingToWrite
            ? t('status.checkedNothing')
            : t('status.checkedOk')
        : '';

  return (
    <div className="imp-screen" aria-busy={busy !== null} data-testid="imports-screen">
      <TitleRow rowClass="imp-title-row" titleClass="imp-title" title={t('title')} to="/admin" link={t('back')} />
      <p className="muted">{t('intro')}</p>

      <form className="card imp-form" onSubmit={(e) => e.preventDefault()} aria-label={t('title')}>
        <div className="imp-kind-row">
          <Select
            id={ids.kind}
            label={t('kind')}
            options={kinds}
            blank={false}
            value={IMPORT_KINDS.indexOf(kind)}
            disabled={busy !== null}
            onChange={(i) => dispatch(A.kindChosen(IMPORT_KINDS[i] as ImportKind))}
          />
          <a className="btn btn-secondary imp-template" href={templateUrl(kind, i18n.language)} download={`${kind}.xlsx`} data-testid="imports-template">
            {t('template', { kind: t(`kinds.${kind}`) })}
          </a>
        </div>
        <p className="muted small">{t(`order.${kind}`)}</p>
        <div className="field">
          <label htmlFor={ids.file}>{t('file.label')}</label>
          <input
            ref={inputRef}
            id={ids.file}
            type="file"
            className="input"
            accept={IMPORT_ACCEPT}
            aria-describedby={ids.hint}
            aria-invalid={tooLarge}
            disabled={busy !== null}
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
            data-testid="imports-file"
          />
          <p id={ids.hint} className={tooLarge ? 'field-error' : 'field-hint'} role={tooLarge ? 'alert' : undefined}>
            {tooLarge && file ? t('file.tooLarge', { size: fileSize(file.size), limit: limitMb }) : t('file.hint', { limit: limitMb })}
          </p>
          {file && !tooLarge ? (
            <p className="muted small" data-testid="imports-file-chosen">
              {t('file.chosen', { name: file.name, size: fileSize(file.size) })}
            </p>
          ) : null}
        </div>
        {refused ? (
          <label className="check imp-valid-only" htmlFor={ids.valid}>
            <input
              id={ids.valid}
              type="checkbox"
              checked={validOnly}
              disabled={busy !== null || result !== null}
              onChange={(e) => dispatch(A.validOnlyChanged(e.target.checked))}
              data-testid="imports-valid-only"
            />
            <span>{t('validOnly', { n: preview?.refused.length ?? 0 })}</span>
          </label>
        ) : null}
        <div className="imp-actions">
          <button type="button" className="btn btn-secondary" disabled={!canCheck} onClick={() => run('check')} data-testid="imports-check">
            {busy === 'check' ? <Spinner size="sm" /> : null}
            {t('check')}
          </button>
          <button type="button" className="btn btn-primary" disabled={!canImport} onClick={() => run('import')} data-testid="imports-import">
            {busy === 'import' ? <Spinner size="sm" /> : null}
            {t('import')}
          </button>
        </div>
        {!preview && file && !tooLarge && busy === null && !failure ? <p className="muted small">{t('checkFirst')}</p> : null}
        {preview && refused && !validOnly && result === null ? <p className="muted small">{t('importBlocked')}</p> : null}
        <p className="imp-status" role="status" aria-live="polite" data-testid="imports-status">
          {status}
        </p>
      </form>

      {failure ? (
        isRefusal(failure.failure) ? (
          <div className="card imp-refusal" role="alert" data-testid="imports-refusal">
            <p className="imp-refusal-title">{t(failure.step === 'check' ? 'failed.check' : 'failed.import')}</p>
            <p>
              {failure.failure.error?.code === 'TOO_LARGE'
                ? t('file.tooLargeServer', { limit: failure.failure.error.params?.maxSizeMb ?? limitMb })
                : describeFailure(t, failure.failure)}
            </p>
            <p className="muted small">{t('failed.nothingWritten')}</p>
          </div>
        ) : (
          <LoadFailed what={t(failure.step === 'check' ? 'failed.check' : 'failed.import')} failure={failure.failure} onRetry={() => run(failure.step)} />
        )
      ) : null}

      {accountsFile && result ? <AccountsOffer file={accountsFile} count={result.accounts} /> : null}
      {result ? <ImportPreview report={result} titleId={`${ids.preview}-result`} /> : preview ? <ImportPreview report={preview} titleId={ids.preview} /> : null}
    </div>
  );
}

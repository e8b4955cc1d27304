/** Import questions from Aiken or GIFT text, pasted or read from a file: a check first shows what would come and each bad line. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportFormat } from '@contract/testing';
import { useAppDispatch, useAppSelector } from '@shared/hooks';
import { bankActions as K } from '../bank.slice';
import { selectBank } from '../testing.slice';

export function ImportPanel({ category }: { category: number }) {
  const { t } = useTranslation('testing');
  const dispatch = useAppDispatch();
  const { importOutcome, saving } = useAppSelector(selectBank);
  const [format, setFormat] = useState<ImportFormat>('gift');
  const [text, setText] = useState('');
  const send = (dryRun: boolean) => dispatch(K.importRequested({ id_category: category, format, text, dryRun }));
  return (
    <details className="card ts-import">
      <summary>{t('import.title')}</summary>
      <div className="field">
        <label htmlFor="ts-import-format">{t('import.format')}</label>
        <select id="ts-import-format" className="input" value={format} onChange={(e) => setFormat(e.target.value as ImportFormat)}>
          <option value="gift">GIFT</option>
          <option value="aiken">Aiken</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="ts-import-file">{t('import.file')}</label>
        <input id="ts-import-file" type="file" accept=".txt,.gift,text/plain" onChange={(e) => void e.target.files?.[0]?.text().then(setText)} />
      </div>
      <div className="field">
        <label htmlFor="ts-import-text">{t('import.text')}</label>
        <textarea id="ts-import-text" className="input" rows={8} value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" disabled={!text.trim() || saving} onClick={() => send(true)}>
          {t('import.check')}
        </button>
        <button type="button" className="btn btn-primary" disabled={!text.trim() || saving} onClick={() => send(false)}>
          {t('import.run')}
        </button>
      </div>
      {importOutcome ? (
        <div role="status" data-testid="ts-import-outcome">
          <p>
            {t('import.imported', { count: importOutcome.imported })}
            {Object.entries(importOutcome.kinds).map(([k, n]) => ` · ${t(`kinds.${k}`, { defaultValue: k })}: ${n}`)}
          </p>
          {importOutcome.problems.length ? (
            <ul className="ts-problems">
              {importOutcome.problems.map((p, i) => (
                <li key={i}>{t('import.problem', { line: p.line, reason: p.reason })}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </details>
  );
}

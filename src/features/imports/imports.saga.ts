/** The import screen's uploads (docs/areas/imports.md#calls): the check (a dry run) and the import. */
import type { PayloadAction } from '@reduxjs/toolkit';
import { put, select } from 'redux-saga/effects';
import type { ImportRunResult } from '@contract/imports';
import { configActions, selectConfig } from '@shared/config/config';
import { rootSaga } from '@shared/request/watchers';
import { uploadWithProgress } from '@shared/request/upload.saga';
import { IMPORT_RUN_URL, importForm } from './imports.api';
import { importsActions as a, selectImports, type ImportStep, type ImportsState } from './imports.slice';

/** The upload limit the screen checks a file against before sending it comes with the config. */
function* openedSaga() {
  const config = (yield select(selectConfig)) as ReturnType<typeof selectConfig>;
  if (!config) yield put(configActions.loadRequested());
}

function* runSaga(step: ImportStep, file: File) {
  const { kind, validOnly } = (yield select(selectImports)) as ImportsState;
  const form = importForm({ kind, dryRun: step === 'check', validOnly: step === 'import' && validOnly }, file);
  yield* uploadWithProgress<ImportRunResult>(IMPORT_RUN_URL, form, {
    progress: a.progressed,
    succeeded: step === 'check' ? a.checked : a.imported,
    failed: (failure) => a.failed({ step, failure }),
  });
}

function* checkSaga(action: PayloadAction<{ file: File }>) {
  yield* runSaga('check', action.payload.file);
}

function* importSaga(action: PayloadAction<{ file: File }>) {
  yield* runSaga('import', action.payload.file);
}

export const importsSaga = rootSaga({
  latest: [
    [a.opened, openedSaga],
    [a.checkRequested, checkSaga],
  ],
  leading: [[a.importRequested, importSaga]],
});

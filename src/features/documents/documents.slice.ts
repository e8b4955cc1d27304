/**
 * Documents area (docs/areas/documents.md#for-users): what the caller may upload, the list with its
 * category and search, the document opened with its versions, the upload form under way (a new
 * document, or a new version of the opened one), and the corrections of the opened one (its details
 * edited, or its withdrawal asked, then sent).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DocumentCategory, DocumentDetail, DocumentItem, DocumentOptions, DocumentUpdateBody } from '@contract/documents';
import type { Failure } from '@api/http';
import {
  failed,
  idle,
  idleUpload,
  started,
  succeeded,
  uploadFailed,
  uploadProgressed,
  uploadStarted,
  uploadSucceeded,
  type Loadable,
  type Upload,
  type UploadProgress,
} from '@shared/request/loadable';
import { sessionEnded } from '@shared/session/session';

export type DocumentsForm = 'new' | 'version' | 'edit' | null;

/** A correction under way: busy while sent, its refusal kept. */
export interface Sending {
  busy: boolean;
  failure: Failure | null;
}
const ready: Sending = { busy: false, failure: null };

/** What the upload form sends: texts as typed, the category, audience and faculty, and the file. */
export interface DocumentDraft {
  titleRu: string;
  titleKg: string;
  titleEn: string;
  descriptionRu: string;
  descriptionKg: string;
  descriptionEn: string;
  category: string;
  audience: string;
  facultyId: string;
  file: File | null;
}

export interface VersionDraft {
  id: number;
  note: string;
  file: File | null;
}

export interface DocumentsState {
  options: Loadable<DocumentOptions | null>;
  category: DocumentCategory | null;
  text: string;
  list: Loadable<DocumentItem[]>;
  detail: Loadable<DocumentDetail | null>;
  form: DocumentsForm;
  save: Upload;
  edit: Sending;
  /** The withdrawal's confirmation is shown; `withdrawn` the id of the last one withdrawn. */
  withdraw: Sending & { asking: boolean; withdrawn: number | null };
}

export const initialDocumentsState: DocumentsState = {
  options: idle(null),
  category: null,
  text: '',
  list: idle([]),
  detail: idle(null),
  form: null,
  save: idleUpload(),
  edit: ready,
  withdraw: { ...ready, asking: false, withdrawn: null },
};

const slice = createSlice({
  name: 'documents',
  initialState: initialDocumentsState,
  reducers: {
    opened() {},
    optionsSucceeded(state, action: PayloadAction<DocumentOptions>) {
      state.options = succeeded<DocumentOptions | null>(action.payload);
    },
    optionsFailed(state, action: PayloadAction<Failure>) {
      state.options = failed<DocumentOptions | null>(action.payload, null);
    },
    /** The list loads again for a category (null: all) and a search text. */
    filtered(state, action: PayloadAction<{ category: DocumentCategory | null; text: string }>) {
      state.category = action.payload.category;
      state.text = action.payload.text;
      state.list = started(state.list.data);
    },
    listSucceeded(state, action: PayloadAction<DocumentItem[]>) {
      state.list = succeeded(action.payload);
    },
    listFailed(state, action: PayloadAction<Failure>) {
      state.list = failed(action.payload, []);
    },
    documentOpened(state, action: PayloadAction<{ id: number }>) {
      const same = state.detail.data?.document.id === action.payload.id;
      state.detail = started(same ? state.detail.data : null);
    },
    detailSucceeded(state, action: PayloadAction<DocumentDetail>) {
      state.detail = succeeded<DocumentDetail | null>(action.payload);
    },
    detailFailed(state, action: PayloadAction<Failure>) {
      state.detail = failed<DocumentDetail | null>(action.payload, null);
    },
    formShown(state, action: PayloadAction<DocumentsForm>) {
      state.form = action.payload;
      state.save = idleUpload();
      state.edit = ready;
    },
    updateRequested(state, _action: PayloadAction<DocumentUpdateBody>) {
      state.edit = { busy: true, failure: null };
    },
    updateSucceeded(state, action: PayloadAction<DocumentDetail>) {
      state.edit = ready;
      state.form = null;
      state.detail = succeeded<DocumentDetail | null>(action.payload);
    },
    updateFailed(state, action: PayloadAction<Failure>) {
      state.edit = { busy: false, failure: action.payload };
    },
    /** The withdrawal's confirmation shown (true) or cancelled. */
    withdrawAsked(state, action: PayloadAction<boolean>) {
      state.withdraw = { ...state.withdraw, asking: action.payload, failure: null };
    },
    withdrawRequested(state, _action: PayloadAction<{ id: number }>) {
      state.withdraw = { ...state.withdraw, busy: true, failure: null };
    },
    withdrawSucceeded(state, action: PayloadAction<{ id: number }>) {
      state.withdraw = { ...ready, asking: false, withdrawn: action.payload.id };
      state.list.data = state.list.data.filter((d) => d.id !== action.payload.id);
      state.detail = idle(null);
      state.form = null;
    },
    withdrawFailed(state, action: PayloadAction<Failure>) {
      state.withdraw = { ...state.withdraw, busy: false, asking: false, failure: action.payload };
    },
    createRequested(state, _action: PayloadAction<DocumentDraft>) {
      state.save = uploadStarted(state.save);
    },
    versionRequested(state, _action: PayloadAction<VersionDraft>) {
      state.save = uploadStarted(state.save);
    },
    saveProgressed(state, action: PayloadAction<UploadProgress>) {
      state.save = uploadProgressed(state.save, action.payload);
    },
    saveSucceeded(state, action: PayloadAction<DocumentDetail>) {
      state.save = uploadSucceeded(state.save);
      state.form = null;
      state.detail = succeeded<DocumentDetail | null>(action.payload);
    },
    saveFailed(state, action: PayloadAction<Failure>) {
      state.save = uploadFailed(state.save, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialDocumentsState);
  },
});

export const documentsActions = slice.actions;
export const documentsReducer = slice.reducer;
export const selectDocuments = (state: { documents: DocumentsState }) => state.documents;

/** Transcript area (docs/areas/transcript.md#for-users): the student's transcript as the server issues it. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Transcript } from '@contract/transcript';
import type { Failure } from '@api/http';
import { failed, idle, started, succeeded, type Loadable } from '@shared/request/loadable';
import { sessionEnded } from '@shared/session/session';

export type TranscriptState = Loadable<Transcript | null>;

const slice = createSlice({
  name: 'transcript',
  initialState: idle<Transcript | null>(null) as TranscriptState,
  reducers: {
    opened: (state) => started(state.data),
    loadSucceeded: (_state, action: PayloadAction<Transcript>) => succeeded<Transcript | null>(action.payload),
    loadFailed: (_state, action: PayloadAction<Failure>) => failed<Transcript | null>(action.payload, null),
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => idle<Transcript | null>(null));
  },
});

export const transcriptActions = slice.actions;
export const transcriptReducer = slice.reducer;
export const selectTranscript = (state: { transcript: TranscriptState }) => state.transcript;

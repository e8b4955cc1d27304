/**
 * Webinar area (docs/areas/webinar.md#for-users): the caller's options (a teacher's coming lessons),
 * a teacher's meetings or a student's online lessons, the participants of the meeting opened, and the
 * writes under way (attaching, marking present, a recording), each with its refusal kept to be said.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AttachBody, MarkedPresent, Participants, RecordingBody, StudentMeeting, TeacherMeeting, WebinarOptions } from '@contract/webinar';
import type { Failure } from '@api/http';
import { failed, idle, loadReducers, started, succeeded, type Loadable } from '@shared/request/loadable';
import { sessionEnded } from '@shared/session/session';

export interface WriteState {
  busy: boolean;
  failure: Failure | null;
  /** What the write is about: the lesson (`idShed|date`) or the meeting. */
  key: string | null;
  /** Counts the writes done, so a form knows to reset. */
  done: number;
}

export interface WebinarState {
  options: Loadable<WebinarOptions | null>;
  meetings: Loadable<TeacherMeeting[]>;
  mine: Loadable<StudentMeeting[]>;
  /** The meeting whose participants are shown, and them. */
  openId: number | null;
  participants: Loadable<Participants | null>;
  attach: WriteState;
  mark: WriteState & { result: MarkedPresent | null };
  recording: WriteState;
}

const write = (): WriteState => ({ busy: false, failure: null, key: null, done: 0 });
const lessonKey = (b: { idShed: number; date: string }) => `${b.idShed}|${b.date}`;

export const initialWebinarState: WebinarState = {
  options: idle(null),
  meetings: idle([]),
  mine: idle([]),
  openId: null,
  participants: idle(null),
  attach: write(),
  mark: { ...write(), result: null },
  recording: write(),
};

/** Puts the meeting as the server now has it in the teacher's list (by date and time). */
function stored(state: WebinarState, m: TeacherMeeting) {
  const list = [...state.meetings.data.filter((x) => x.id !== m.id), m];
  list.sort((a, b) => a.date.localeCompare(b.date) || a.startsAt.localeCompare(b.startsAt) || a.id - b.id);
  state.meetings = succeeded(list);
}

const loads = loadReducers<WebinarState>();

const slice = createSlice({
  name: 'webinar',
  initialState: initialWebinarState,
  reducers: {
    opened() {},
    ...loads('options', null, { refresh: true }),
    ...loads('meetings', [], { refresh: true }),
    ...loads('mine', [], { refresh: true }),
    /** A student's join was recorded: his list says when. */
    joined(state, action: PayloadAction<{ id: number; joinedAt: string }>) {
      const m = state.mine.data.find((x) => x.id === action.payload.id);
      if (m && !m.joinedAt) m.joinedAt = action.payload.joinedAt;
    },
    attachRequested(state, action: PayloadAction<AttachBody>) {
      state.attach = { ...state.attach, busy: true, failure: null, key: lessonKey(action.payload) };
    },
    attachSucceeded(state, action: PayloadAction<TeacherMeeting>) {
      state.attach = { busy: false, failure: null, key: null, done: state.attach.done + 1 };
      stored(state, action.payload);
      const lesson = state.options.data?.lessons.find((l) => lessonKey(l) === lessonKey(action.payload));
      if (lesson) lesson.meetingId = action.payload.id;
    },
    attachFailed(state, action: PayloadAction<Failure>) {
      state.attach = { ...state.attach, busy: false, failure: action.payload };
    },
    /** The attach form of a lesson is opened (or closed: null). */
    attachOpened(state, action: PayloadAction<string | null>) {
      state.attach = { ...state.attach, failure: null, key: action.payload };
    },
    /** The participants of a meeting are asked for (null: closed). */
    participantsOpened(state, action: PayloadAction<number | null>) {
      state.openId = action.payload;
      state.participants = action.payload === null ? idle(null) : started(null);
      state.mark = { ...write(), done: state.mark.done, result: null };
      state.recording = { ...state.recording, failure: null };
    },
    participantsSucceeded(state, action: PayloadAction<Participants>) {
      if (action.payload.meetingId === state.openId) state.participants = succeeded<Participants | null>(action.payload);
    },
    participantsFailed(state, action: PayloadAction<Failure>) {
      state.participants = failed<Participants | null>(action.payload, null);
    },
    markRequested(state, action: PayloadAction<number>) {
      state.mark = { ...state.mark, busy: true, failure: null, key: String(action.payload), result: null };
    },
    markSucceeded(state, action: PayloadAction<MarkedPresent>) {
      state.mark = { ...state.mark, busy: false, done: state.mark.done + 1, result: action.payload };
    },
    markFailed(state, action: PayloadAction<Failure>) {
      state.mark = { ...state.mark, busy: false, failure: action.payload };
    },
    recordingRequested(state, action: PayloadAction<RecordingBody>) {
      state.recording = { ...state.recording, busy: true, failure: null, key: String(action.payload.meetingId) };
    },
    recordingRemoveRequested(state, action: PayloadAction<{ meetingId: number; recordingId: number }>) {
      state.recording = { ...state.recording, busy: true, failure: null, key: String(action.payload.meetingId) };
    },
    recordingSucceeded(state, action: PayloadAction<TeacherMeeting>) {
      state.recording = { ...state.recording, busy: false, done: state.recording.done + 1 };
      stored(state, action.payload);
    },
    recordingFailed(state, action: PayloadAction<Failure>) {
      state.recording = { ...state.recording, busy: false, failure: action.payload };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialWebinarState);
  },
});

export const webinarActions = slice.actions;
export const webinarReducer = slice.reducer;
export const selectWebinar = (state: { webinar: WebinarState }) => state.webinar;
export { lessonKey };

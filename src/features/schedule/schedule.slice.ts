/**
 * Schedule area (docs/areas/schedule.md#for-users): the caller's timetable, shown from the stored copy at
 * once and replaced by a load when one is due (or asked for), and the calendar feed link. A load
 * keeps the stored timetable on screen until the new one arrives (the stored copy is what shows
 * offline).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Schedule } from '@contract/schedule';
import type { StudentMeeting } from '@contract/webinar';
import type { Failure } from '@api/http';
import { idle, started, succeeded, type Loadable, loadReducers } from '@shared/request/loadable';
import { sessionEnded } from '@shared/session/session';

export interface ScheduleState {
  timetable: Loadable<Schedule | null>;
  /** ISO time of the timetable shown (the load, or the stored copy's). */
  updatedAt: string | null;
  /** The timetable shown is the stored copy. */
  fromCache: boolean;
  calendar: Loadable<string | null>;
  /** A student's lessons (idShed) whose attendance is open now, in their time or as a make-up lesson: where he checks in. */
  attendanceOpen: number[];
  /** A student's online lessons of this week (docs/areas/webinar.md): their lessons show Join. */
  webinars: StudentMeeting[];
}

export const initialScheduleState: ScheduleState = {
  timetable: idle(null),
  updatedAt: null,
  fromCache: false,
  calendar: idle(null),
  attendanceOpen: [],
  webinars: [],
};

const loads = loadReducers<ScheduleState>();

const slice = createSlice({
  name: 'schedule',
  initialState: initialScheduleState,
  reducers: {
    /** The timetable is shown: the stored copy at once, then a load when due. */
    opened() {},
    /** The weekly timer fired: reload if the weekly rule says so (docs/areas/schedule.md#for-users). */
    weeklyTick() {},
    cacheRestored(state, action: PayloadAction<{ schedule: Schedule; date: string }>) {
      state.timetable = succeeded(action.payload.schedule);
      state.updatedAt = action.payload.date;
      state.fromCache = true;
    },
    loadRequested(state, _action: PayloadAction<{ weekly: boolean }>) {
      state.timetable = { ...state.timetable, fetching: true, error: null };
    },
    loadSucceeded(state, action: PayloadAction<{ schedule: Schedule; date: string }>) {
      state.timetable = succeeded(action.payload.schedule);
      state.updatedAt = action.payload.date;
      state.fromCache = false;
    },
    loadFailed(state, action: PayloadAction<Failure>) {
      state.timetable = { ...state.timetable, fetching: false, error: action.payload };
    },
    /** The error line was closed. */
    errorCleared(state) {
      state.timetable.error = null;
      state.calendar.error = null;
    },
    /** Which of the student's lessons have attendance open is asked again (the page came into view, a minute passed, a live event). */
    attendanceRequested() {},
    attendanceKnown(state, action: PayloadAction<number[]>) {
      state.attendanceOpen = action.payload;
    },
    webinarsKnown(state, action: PayloadAction<StudentMeeting[]>) {
      state.webinars = action.payload.filter((m) => m.thisWeek);
    },
    calendarRequested(state, _action: PayloadAction<{ renew: boolean }>) {
      state.calendar = started(null);
    },
    ...loads.settled('calendar', null),
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialScheduleState);
  },
});

export const scheduleActions = slice.actions;
export const scheduleReducer = slice.reducer;

type WithSchedule = { schedule: ScheduleState };
export const selectSchedule = (state: WithSchedule) => state.schedule;
/** Is attendance open for one of the student's lessons (the side menu's and tab bar's "Check in")? */
export const selectCheckInOpen = (state: WithSchedule) => state.schedule.attendanceOpen.length > 0;

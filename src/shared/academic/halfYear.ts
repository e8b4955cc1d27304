/**
 * The half-year chooser of an area's screen (registration, teaching materials): the academic years
 * one may switch to, the chosen year and half-year, and why either could not be had. The area's
 * slice spreads `initialHalfYear` into its state and `halfYearReducers` into its reducers; its
 * `opened` saga calls `openHalfYear`, which loads the years once and chooses the current half-year
 * (from the shared settings) unless one is chosen already.
 */
import { call, put } from 'redux-saga/effects';
import type { Action, PayloadAction } from '@reduxjs/toolkit';
import type { IdName } from '@contract/common';
import { academicApi } from '@api/academic';
import type { Failure, Result } from '@api/http';
import { requirePeriod } from '../settings/settings';

export interface HalfYear {
  year: number;
  ws: 1 | 2;
}

export interface HalfYearChoice {
  /** The academic year (its first calendar year) and half-year of the screen's lists. */
  half: HalfYear | null;
  /** The academic years one may switch to (id: the first calendar year). */
  years: IdName[];
  /** The current half-year could not be had: the screen shows the failure and its retry. */
  halfError: Failure | null;
  /** The years list could not be loaded (the half-year's lists still can). */
  yearsError: Failure | null;
}

export const initialHalfYear: HalfYearChoice = { half: null, years: [], halfError: null, yearsError: null };

/** The chooser's case reducers; each area adds its own `halfSelected` (what a new half-year clears is the area's). */
export const halfYearReducers = {
  yearsLoaded(state: HalfYearChoice, action: PayloadAction<IdName[]>) {
    state.years = action.payload;
    state.yearsError = null;
  },
  yearsFailed(state: HalfYearChoice, action: PayloadAction<Failure>) {
    state.yearsError = action.payload;
  },
  halfFailed(state: HalfYearChoice, action: PayloadAction<Failure>) {
    state.halfError = action.payload;
  },
};

/**
 * The start of an area's `halfSelected`: takes the half-year and clears its failure. True when it is the
 * half-year already chosen (the area may keep its data shown while it loads again).
 */
export function chooseHalf(state: HalfYearChoice, half: HalfYear): boolean {
  const same = state.half?.year === half.year && state.half.ws === half.ws;
  state.half = half;
  state.halfError = null;
  return same;
}

interface HalfYearActions {
  yearsLoaded: (years: IdName[]) => Action;
  yearsFailed: (failure: Failure) => Action;
  halfFailed: (failure: Failure) => Action;
  halfSelected: (half: HalfYear) => Action;
}

/**
 * In the area's `opened` saga: the years (once), then the current half-year when none is chosen.
 * Returns the half-year that was already chosen (the area decides what to reload for it), else null.
 */
export function* openHalfYear(state: HalfYearChoice, actions: HalfYearActions): Generator<unknown, HalfYear | null, unknown> {
  if (state.years.length === 0) {
    const years = (yield call(academicApi.years)) as Result<IdName[]>;
    yield put(years.ok ? actions.yearsLoaded(years.data) : actions.yearsFailed(years));
  }
  if (state.half) return state.half;
  const period = yield* requirePeriod(actions.halfFailed);
  if (period) yield put(actions.halfSelected({ year: period.year, ws: period.ws }));
  return null;
}

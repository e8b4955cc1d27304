/**
 * Rating area (docs/areas/rating.md#for-users): a student's own rating; a teacher's (an
 * administrator's, a dean's office's) groups, the chosen group's rating and the "at risk only" filter.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { GroupRating, MyRating, RatingGroupItem } from '@contract/rating';
import type { Failure } from '@api/http';
import { failed, idle, started, succeeded, type Loadable } from '@shared/request/loadable';
import { sessionEnded } from '@shared/session/session';

export interface RatingState {
  mine: Loadable<MyRating | null>;
  groups: Loadable<RatingGroupItem[]>;
  groupId: number | null;
  group: Loadable<GroupRating | null>;
  atRiskOnly: boolean;
}

const initialState: RatingState = {
  mine: idle<MyRating | null>(null),
  groups: idle<RatingGroupItem[]>([]),
  groupId: null,
  group: idle<GroupRating | null>(null),
  atRiskOnly: false,
};

const slice = createSlice({
  name: 'rating',
  initialState,
  reducers: {
    /** The screen opened: a student's own rating, or the groups a teacher (an administrator) may rate. */
    opened: (state, action: PayloadAction<{ as: 'student' | 'staff' }>) => {
      if (action.payload.as === 'student') state.mine = started(state.mine.data);
      else state.groups = started(state.groups.data);
    },
    mineSucceeded: (state, action: PayloadAction<MyRating>) => {
      state.mine = succeeded<MyRating | null>(action.payload);
    },
    mineFailed: (state, action: PayloadAction<Failure>) => {
      state.mine = failed<MyRating | null>(action.payload, null);
    },
    groupsSucceeded: (state, action: PayloadAction<RatingGroupItem[]>) => {
      state.groups = succeeded(action.payload);
    },
    groupsFailed: (state, action: PayloadAction<Failure>) => {
      state.groups = failed<RatingGroupItem[]>(action.payload, []);
    },
    /** A group chosen (null: none). */
    groupChosen: (state, action: PayloadAction<number | null>) => {
      state.groupId = action.payload;
      state.group = action.payload === null ? idle<GroupRating | null>(null) : started<GroupRating | null>(null);
    },
    groupSucceeded: (state, action: PayloadAction<GroupRating>) => {
      if (action.payload.id_group === state.groupId) state.group = succeeded<GroupRating | null>(action.payload);
    },
    groupFailed: (state, action: PayloadAction<Failure>) => {
      state.group = failed<GroupRating | null>(action.payload, null);
    },
    atRiskToggled: (state, action: PayloadAction<boolean>) => {
      state.atRiskOnly = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState);
  },
});

export const ratingActions = slice.actions;
export const ratingReducer = slice.reducer;
export const selectRating = (state: { rating: RatingState }) => state.rating;

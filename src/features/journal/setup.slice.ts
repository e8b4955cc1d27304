/**
 * The journal's setup (docs/areas/journal.md#for-users): the teacher's own subgroups of the open journal's
 * group and its planned topics. Each dialog loads its data when it opens and saves it in one call;
 * `save.saved` counts the saves that succeeded, so an open dialog knows when to close. The reducers
 * join the journal slice (journal.slice.ts), under `state.setup`.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import type { PlanTopic, Subgroup } from '@contract/journal';
import type { Failure } from '@api/http';
import type { MarkScale, SubgroupList } from './journal.api';
import { failed, idle, started, succeeded, type Loadable } from '@shared/request/loadable';

export interface SetupState {
  subgroups: Loadable<SubgroupList | null>;
  topics: Loadable<PlanTopic[] | null>;
  /** The last save of either dialog; `saved` counts the successful ones. */
  save: Loadable<null> & { saved: number };
  /** The last change of the journal's mark scale (its refusal, SCALE_IN_USE, is shown beside it). */
  scale: Loadable<null>;
}

export const initialSetupState: SetupState = {
  subgroups: idle(null),
  topics: idle(null),
  save: { ...idle(null), saved: 0 },
  scale: idle(null),
};

type WithSetup = { setup: SetupState };

const saveStarted = (state: WithSetup) => {
  state.setup.save = { ...started(null), saved: state.setup.save.saved };
};
const saveSucceeded = (state: WithSetup) => {
  state.setup.save = { ...succeeded(null), saved: state.setup.save.saved + 1 };
};

/** Case reducers of the journal slice (their action types are `journal/<name>`). */
export const setupReducers = {
  /** The subgroups dialog opened: the journal's subgroups and the students they may hold. */
  subgroupsRequested(state: WithSetup) {
    state.setup.subgroups = started(null);
    state.setup.save = { ...idle(null), saved: state.setup.save.saved };
  },
  subgroupsSucceeded(state: WithSetup, action: PayloadAction<SubgroupList>) {
    state.setup.subgroups = succeeded(action.payload);
  },
  subgroupsFailed(state: WithSetup, action: PayloadAction<Failure>) {
    state.setup.subgroups = failed(action.payload, null);
  },
  /** Replaces the journal's subgroups (an empty list: back to the group's own halves). */
  subgroupsSaveRequested(state: WithSetup, _action: PayloadAction<Subgroup[]>) {
    saveStarted(state);
  },
  subgroupsSaved(state: WithSetup, action: PayloadAction<SubgroupList>) {
    state.setup.subgroups = succeeded(action.payload);
    saveSucceeded(state);
  },
  /** The planned topics dialog opened. */
  planTopicsRequested(state: WithSetup) {
    state.setup.topics = started(null);
    state.setup.save = { ...idle(null), saved: state.setup.save.saved };
  },
  planTopicsSucceeded(state: WithSetup, action: PayloadAction<PlanTopic[]>) {
    state.setup.topics = succeeded(action.payload);
  },
  planTopicsFailed(state: WithSetup, action: PayloadAction<Failure>) {
    state.setup.topics = failed(action.payload, null);
  },
  /** Replaces the planned topics, numbered in the order given. */
  planTopicsSaveRequested(state: WithSetup, _action: PayloadAction<PlanTopic[]>) {
    saveStarted(state);
  },
  planTopicsSaved(state: WithSetup, action: PayloadAction<PlanTopic[]>) {
    state.setup.topics = succeeded(action.payload);
    saveSucceeded(state);
  },
  /** The journal's mark scale chosen; the journal reloads with it. */
  scaleRequested(state: WithSetup, _action: PayloadAction<MarkScale>) {
    state.setup.scale = started(null);
  },
  scaleSucceeded(state: WithSetup) {
    state.setup.scale = succeeded(null);
  },
  scaleFailed(state: WithSetup, action: PayloadAction<Failure>) {
    state.setup.scale = failed(action.payload, null);
  },
  /** Either save failed: the dialog stays open with what was entered and the error. */
  setupSaveFailed(state: WithSetup, action: PayloadAction<Failure>) {
    state.setup.save = { ...failed(action.payload, null), saved: state.setup.save.saved };
  },
};

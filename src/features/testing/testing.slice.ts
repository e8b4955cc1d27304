/** The testing area's state: the student's side (attempt.slice.ts) and the teacher's (bank.slice.ts). */
import { combineReducers } from '@reduxjs/toolkit';
import { attemptReducer, type AttemptState } from './attempt.slice';
import { bankReducer, type BankState } from './bank.slice';

export interface TestingState {
  attempt: AttemptState;
  bank: BankState;
}

export const testingReducer = combineReducers({ attempt: attemptReducer, bank: bankReducer });
export const selectAttempt = (state: { testing: TestingState }) => state.testing.attempt;
export const selectBank = (state: { testing: TestingState }) => state.testing.bank;
export { attemptActions } from './attempt.slice';
export { bankActions } from './bank.slice';

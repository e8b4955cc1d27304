/** Typed react-redux hooks for every screen. */
import { useDispatch, useSelector } from 'react-redux';
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';

/**
 * The whole store's state. app/store.ts fills it in by declaration merging (`RootState`), so shared
 * code and features name it without importing app/.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AppState {}

export const useAppDispatch = useDispatch.withTypes<Dispatch<UnknownAction>>();
export const useAppSelector = useSelector.withTypes<AppState>();

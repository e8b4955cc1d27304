/** What the shell reads of the areas through the manifest (loadAreas.ts, areaParts): their counts and conditional entries. */
import { shallowEqual } from 'react-redux';
import { useAppSelector } from '@shared/hooks';
import { areaParts } from '../loadAreas';

/** The count shown beside each area's link and tab, by area key (only areas that declare a `badge`). */
export function useBadges(): Partial<Record<string, number>> {
  return useAppSelector((state) => Object.fromEntries(areaParts().badges.map(({ key, select }) => [key, select(state)])), shallowEqual);
}

/** The routes (paths) whose menu entry and tab are not shown now (their `shownWhile` says no: the check-in while no attendance is open). */
export function useHiddenRoutes(): readonly string[] {
  return useAppSelector((state) => areaParts().shownWhile.flatMap(({ path, select }) => (select(state) ? [] : [path])), shallowEqual);
}

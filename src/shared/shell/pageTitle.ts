/**
 * The page's title (document.title, '<title> · LMS'). The shell sets it from the titles the manifest
 * declares for its routes (app/pageTitle.ts, PageTitle); a screen that shows something else than its
 * route's page (the book being read, the "not found" page) names it instead with useShownTitle.
 */
import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the title of `key` (namespace cm), once the texts are in; nothing without a key. */
export function useTitleOf(key: string | undefined, instead?: string | null): void {
  const { t, ready } = useTranslation('cm', { useSuspense: false });
  const title = instead || (key && ready ? t(key) : '');
  useEffect(() => {
    if (title) document.title = `${title} · LMS`;
  }, [title]);
}

/** What the shown page is named instead of its route's title (null: the route's). */
export const ShownTitleContext = createContext<(title: string | null) => void>(() => {});

/** Names the page by `title` while the calling screen shows (an empty title: the route's own). */
export function useShownTitle(title: string): void {
  const show = useContext(ShownTitleContext);
  useEffect(() => {
    show(title || null);
    return () => show(null);
  }, [show, title]);
}

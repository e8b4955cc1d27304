/** A manual page's texts in the language on screen (manual.json, `pages.<id>`), the screens' own names nested in them resolved. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManualPage } from './manual.pages';
import type { PageTexts } from './manualSearch';

export function useManualTexts(): (page: ManualPage) => PageTexts & { alt: string } {
  const { t } = useTranslation('manual');
  return useCallback(
    (page: ManualPage) => {
      const steps = t(`pages.${page.id}.steps`, { returnObjects: true }) as unknown;
      return {
        title: t(`pages.${page.id}.title`),
        purpose: t(`pages.${page.id}.purpose`),
        steps: Array.isArray(steps) ? steps.map(String) : [],
        alt: page.picture ? t(`pages.${page.id}.alt`) : '',
      };
    },
    [t],
  );
}

/** The grading sheet screen's first view inside the signed-in /gradingsheet page of a teacher (plugins/spa.ts): list.json's reply for the current half-year. */
import { ROLE_TEACHER } from '@contract/common';
import type { SheetListStart } from '@contract/gradingsheet';
import type { AppContext } from '../../context';
import { currentPeriod } from '../../lib/academic-year';
import type { PagePart } from '../../plugins/spa';
import { GradingSheetService } from './gradingsheet.service';

export function gradingsheetPage(ctx: AppContext): PagePart {
  const sheets = new GradingSheetService(ctx);
  return {
    key: 'gradingsheet',
    routes: ['/gradingsheet'],
    // A student's page has none: his own lines come from their own call.
    load: async (caller, lang): Promise<SheetListStart | undefined> => {
      if (caller.role !== ROLE_TEACHER) return undefined;
      // The half-year the client's settings name (settings.service.ts): the same clock.
      const { year, ws } = currentPeriod(ctx.now());
      const half = { id_a_year: year, id_w_s: ws };
      return { half, list: await sheets.list(caller, half, lang) };
    },
  };
}

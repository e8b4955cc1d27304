/** The journal screen's first view inside the signed-in /journal page of a teacher (plugins/spa.ts): start.json's reply. */
import { ROLE_TEACHER } from '@contract/common';
import type { AppContext } from '../../context';
import type { PagePart } from '../../plugins/spa';
import { AcademicService } from '../../shared/academic/academic.service';
import { JournalLists } from './journal.lists';

export function journalPage(ctx: AppContext): PagePart {
  const lists = new JournalLists(ctx, new AcademicService(ctx));
  // A student's page has none: his own journal comes from its own call.
  return { key: 'journal', routes: ['/journal'], load: async (caller, lang) => (caller.role === ROLE_TEACHER ? lists.start(caller, lang) : undefined) };
}

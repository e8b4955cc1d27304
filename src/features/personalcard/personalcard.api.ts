/** The personal card's calls (docs/areas/personalcard.md#calls). */
import type { CardField, EventBody, PersonalCard, SearchHit } from '@contract/personalcard';
import { post } from '@api/http';

export const personalcardApi = {
  /** The caller's card, or (an administrator) another account's. */
  card: (userId: number | null) => post<PersonalCard>('api/personalcard/card.json', userId === null ? {} : { userId }, { session: true }),
  update: (field: CardField, value: string) => post<PersonalCard>('api/personalcard/update.json', { field, value }, { session: true }),
  addEvent: (body: EventBody) => post<PersonalCard>('api/personalcard/event.json', body, { session: true }),
  search: (q: string) => post<SearchHit[]>('api/personalcard/search.json', { q }, { session: true }),
};

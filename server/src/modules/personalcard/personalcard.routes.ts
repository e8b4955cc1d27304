/** /api/personalcard/* (docs/areas/personalcard.md#calls): the card, the owner's changes, an administrator's events and search; all need a session. */
import { CardBody, EventBody, PersonalCardReply, SearchBody, SearchReply, UpdateBody } from '@contract/personalcard';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies } from '../../plugins/reply';
import { PersonalCardService } from './personalcard.service';

export default async function personalcardRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const cards = new PersonalCardService(ctx);

  app.post('/api/personalcard/card.json', { schema: { body: CardBody, response: replies(PersonalCardReply) } }, async (req) =>
    ok(await cards.card(req.auth!, req.body, languageOf(req))),
  );
  app.post('/api/personalcard/update.json', { schema: { body: UpdateBody, response: replies(PersonalCardReply) } }, async (req) =>
    ok(await cards.update(req.auth!, req.body, languageOf(req))),
  );
  app.post('/api/personalcard/event.json', { schema: { body: EventBody, response: replies(PersonalCardReply) } }, async (req) =>
    ok(await cards.addEvent(req.auth!, req.body, languageOf(req))),
  );
  app.post('/api/personalcard/search.json', { schema: { body: SearchBody, response: replies(SearchReply) } }, async (req) =>
    ok(await cards.search(req.auth!, req.body, languageOf(req))),
  );
}

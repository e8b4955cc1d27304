/** /api/misc/*.json (SPEC §7 "Misc"): all need a session. */
import { DefaultYearReply, FacultiesBody, FacultiesReply, YearsReply } from '../../../../contract/academic';
import { PhotoBody, PhotoReply, PositionBody, PositionReply } from '../../../../contract/profile';
import { DinUrlsReply, SettingsBody, SettingsReply } from '../../../../contract/settings';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies } from '../../plugins/envelope';
import { MiscService } from './misc.service';

export default async function miscRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const misc = new MiscService(ctx);
  app.addHook('onRequest', app.authenticate);

  app.post('/api/misc/photo.json', { schema: { body: PhotoBody, response: replies(PhotoReply) } }, async (req) => ok(await misc.photo(req.auth!, req.body)));

  app.post('/api/misc/position.json', { schema: { body: PositionBody, response: replies(PositionReply) } }, async (req) =>
    ok(await misc.position(req.auth!, req.body, languageOf(req))),
  );

  app.post('/api/misc/settings.json', { schema: { body: SettingsBody, response: replies(SettingsReply) } }, async (req) =>
    ok(await misc.settings(req.auth!, req.body, languageOf(req))),
  );

  app.post('/api/misc/dinurls.json', { schema: { response: replies(DinUrlsReply) } }, async () => ok(await misc.appLinks()));

  app.get('/api/misc/years.json', { schema: { response: replies(YearsReply) } }, async () => ok(misc.years()));

  app.get('/api/misc/defaultyear.json', { schema: { response: replies(DefaultYearReply) } }, async () => ok(misc.defaultYear()));

  app.post('/api/misc/faculties.json', { schema: { body: FacultiesBody, response: replies(FacultiesReply) } }, async (req) =>
    ok(await misc.faculties(req.body, languageOf(req))),
  );
}

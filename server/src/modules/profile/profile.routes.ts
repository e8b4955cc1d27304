/** /api/profile/data.json, /api/misc/photo.json, /api/misc/position.json (docs/areas/profile.md#calls): the caller's card; all need a session. */
import { PhotoBody, PhotoReply, PositionBody, PositionReply, ProfileBody, ProfileReply } from '@contract/profile';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies } from '../../plugins/reply';
import { ProfileService } from './profile.service';

export default async function profileRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const profiles = new ProfileService(ctx);

  app.post('/api/profile/data.json', { schema: { body: ProfileBody, response: replies(ProfileReply) } }, async (req) =>
    ok(await profiles.profile(req.auth!, req.body, languageOf(req))),
  );

  app.post('/api/misc/photo.json', { schema: { body: PhotoBody, response: replies(PhotoReply) } }, async (req) =>
    ok(await profiles.photo(req.auth!, req.body)),
  );

  app.post('/api/misc/position.json', { schema: { body: PositionBody, response: replies(PositionReply) } }, async (req) =>
    ok(await profiles.position(req.auth!, req.body, languageOf(req))),
  );
}

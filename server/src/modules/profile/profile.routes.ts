/** POST /api/profile/data.json {uid, role}: the caller's profile. */
import { ProfileBody, ProfileReply } from '../../../../contract/profile';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies } from '../../plugins/envelope';
import { ProfileService } from './profile.service';

export default async function profileRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const profiles = new ProfileService(ctx);

  app.post('/api/profile/data.json', { schema: { body: ProfileBody, response: replies(ProfileReply) }, onRequest: app.authenticate }, async (req) =>
    ok(await profiles.profile(req.auth!, req.body, languageOf(req))),
  );
}

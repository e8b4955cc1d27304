/** /api/rating/: a student's own rating, a teacher's (a dean's office's, an administrator's) groups and a group's rating (docs/areas/rating.md#calls). */
import { EmptyBody } from '@contract/common';
import { GroupRatingReply, MyRatingReply, RatingGroupBody, RatingGroupsReply } from '@contract/rating';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies } from '../../plugins/reply';
import { RatingService } from './rating.service';

export default async function ratingRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const rating = new RatingService(ctx);

  app.post('/api/rating/my.json', { schema: { body: EmptyBody, response: replies(MyRatingReply) } }, async (req) =>
    ok(await rating.mine(req.auth!, languageOf(req))),
  );
  app.post('/api/rating/groups.json', { schema: { body: EmptyBody, response: replies(RatingGroupsReply) } }, async (req) => ok(await rating.groups(req.auth!)));
  app.post('/api/rating/group.json', { schema: { body: RatingGroupBody, response: replies(GroupRatingReply) } }, async (req) =>
    ok(await rating.group(req.auth!, req.body, languageOf(req))),
  );
}

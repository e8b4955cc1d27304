/** The rating's calls (docs/areas/rating.md#calls). */
import type { GroupRating, MyRating, RatingGroupItem } from '@contract/rating';
import { post } from '@api/http';

export const ratingApi = {
  mine: () => post<MyRating>('api/rating/my.json', {}, { session: true }),
  groups: () => post<RatingGroupItem[]>('api/rating/groups.json', {}, { session: true }),
  group: (id_group: number) => post<GroupRating>('api/rating/group.json', { id_group }, { session: true }),
};

/** Profile calls: the card, the photo and the teacher's position (see docs/areas/profile.md#for-users). */
import type { Photo, PhotoBody, PositionBody, PositionRow, Profile, ProfileBody } from '@contract/profile';
import { post } from '@api/http';

export const profileApi = {
  data: (body: ProfileBody) => post<Profile>('api/profile/data.json', body, { session: true }),
  photo: (body: PhotoBody) => post<Photo>('api/misc/photo.json', body, { session: true }),
  position: (body: PositionBody) => post<PositionRow[]>('api/misc/position.json', body, { session: true }),
};

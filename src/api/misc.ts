/** Calls under /api/misc/ used by the shell: photo, position, settings, apps. */
import type { AppLink, Photo, PhotoBody, PositionBody, PositionRow, Settings, SettingsBody } from '../../contract/misc';
import { post } from './problem';

export const miscApi = {
  photo: (body: PhotoBody) => post<Photo>('api/misc/photo.json', body, { session: true }),
  position: (body: PositionBody) => post<PositionRow[]>('api/misc/position.json', body, { session: true }),
  settings: (body: SettingsBody) => post<Settings>('api/misc/settings.json', body, { session: true }),
  dinurls: () => post<AppLink[]>('api/misc/dinurls.json', {}, { session: true }),
};

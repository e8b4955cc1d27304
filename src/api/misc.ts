/** Calls under /api/misc/: photo, position, settings, apps, the current year and its faculties. */
import type { IdName } from '../../contract/common';
import type { FacultiesBody } from '../../contract/academic';
import type { Photo, PhotoBody, PositionBody, PositionRow } from '../../contract/profile';
import type { AppLink, Settings, SettingsBody } from '../../contract/settings';
import { get, post } from './problem';

export const miscApi = {
  photo: (body: PhotoBody) => post<Photo>('api/misc/photo.json', body, { session: true }),
  position: (body: PositionBody) => post<PositionRow[]>('api/misc/position.json', body, { session: true }),
  settings: (body: SettingsBody) => post<Settings>('api/misc/settings.json', body, { session: true }),
  dinurls: () => post<AppLink[]>('api/misc/dinurls.json', {}, { session: true }),
  defaultYear: () => get<IdName>('api/misc/defaultyear.json', { session: true }),
  faculties: (body: FacultiesBody) => post<IdName[]>('api/misc/faculties.json', body, { session: true }),
};

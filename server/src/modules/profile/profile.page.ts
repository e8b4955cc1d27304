/** The profile menu's photo and a teacher's position line inside every page with signed-in data (plugins/spa.ts): photo.json's and position.json's replies. */
import { ROLE_TEACHER } from '@contract/common';
import type { AppContext } from '../../context';
import type { PagePart } from '../../plugins/spa';
import { ProfileService } from './profile.service';

export function profilePages(ctx: AppContext): PagePart[] {
  const profiles = new ProfileService(ctx);
  return [
    { key: 'photo', routes: 'with-data', optional: true, load: (caller) => profiles.photo(caller, { uid: caller.uid, role: caller.role }) },
    // A student has none: his line under the name is his group, from the user.
    {
      key: 'position',
      routes: 'with-data',
      optional: true,
      load: async (caller, lang) => (caller.role === ROLE_TEACHER ? profiles.position(caller, { id: caller.uid }, lang) : undefined),
    },
  ];
}

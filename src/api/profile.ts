/** Profile and password calls (SPEC §7 "Profile"). */
import type { PasswordResetBody } from '../../contract/password';
import type { Profile, ProfileBody } from '../../contract/profile';
import { post } from './problem';

export const profileApi = {
  data: (body: ProfileBody) => post<Profile>('api/profile/data.json', body, { session: true }),
  resetPassword: (body: PasswordResetBody) =>
    // The screen shows the outcome in its own line: no toast repeating it.
    post<{ changed: true }>('api/passwd/reset.json', body, { session: true, toast: false }),
};

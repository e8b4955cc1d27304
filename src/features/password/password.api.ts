/** The password change (see docs/areas/password.md#for-users). */
import type { PasswordResetBody } from '@contract/password';
import { post } from '@api/http';

export const passwordApi = {
  reset: (body: PasswordResetBody) =>
    // The screen shows the outcome in its own line: no toast repeating it.
    post<{ changed: true }>('api/passwd/reset.json', body, { session: true, toast: false }),
};

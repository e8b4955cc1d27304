/**
 * Every route the area manifest (areas.ts) declares, as a list: each area's route and its further
 * routes, with the roles each serves (none: every role) or `public` (opened without a session). The
 * end-to-end checks load each of them (tests/support/screens.ts, tests/routes.e2e.ts).
 */
import type { Role } from '@shared/request/roles';
import { AREAS, type AreaEntry } from './areas';

export interface ManifestRoute {
  area: string;
  path: string;
  roles?: Role[];
  public?: true;
  /** Served only to the users the area's `allows` names (the administration: the administrators). */
  someUsers?: true;
}

export const MANIFEST_ROUTES: readonly ManifestRoute[] = (AREAS as readonly AreaEntry[]).flatMap((area) => [
  { area: area.key, path: area.path, ...(area.roles ? { roles: [...area.roles] } : {}), ...(area.allows ? { someUsers: true as const } : {}) },
  ...(area.routes ?? []).map((route): ManifestRoute => {
    const roles = route.roles ?? area.roles;
    return {
      area: area.key,
      path: route.path,
      ...(route.public ? { public: true as const } : roles ? { roles: [...roles] } : {}),
      ...(area.allows && !route.public ? { someUsers: true as const } : {}),
    };
  }),
]);

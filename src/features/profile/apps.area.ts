/**
 * The apps page's part of the store (see app/areas.ts): none of its own — its tiles are the
 * profile's apps (loaded once after sign-in) and the settings' links.
 */
export const reducer = (state: null = null): null => state;
export function* saga(): Generator {}

/** Mobile panels (docs/product.md#shell): 0 profile, 1 news, 2 chat/contacts, 3 apps; 4 the student's check-in (a route, while attendance is open). */
export const TAB_PROFILE = 0;
export const TAB_NEWS = 1;
export const TAB_CHAT = 2;
export const TAB_APPS = 3;
export const TAB_CHECK_IN = 4;
export const DEFAULT_TAB = TAB_APPS;

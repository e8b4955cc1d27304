/** The university's settings for the signed-in person: defaults, side-menu links and the apps panel (docs/areas/settings.md#calls). */
import { Type, type Static } from 'typebox';
import { Ok, Role } from './common';

/** POST /api/misc/settings.json {role, uid}: [defaults, links] (docs/areas/settings.md#calls). */
export const SettingsBody = Type.Object({ uid: Type.Integer(), role: Role });
export type SettingsBody = Static<typeof SettingsBody>;
export const SettingsDefaults = Type.Object({
  /** Current academic year id and name ('YYYY-YY'). */
  id_a_year: Type.Integer(),
  a_year: Type.String(),
  /** Current working semester (half-year): 1 autumn, 2 spring. */
  id_w_s: Type.Integer(),
  universityName: Type.String(),
  maxSizeMb: Type.Number(),
  /** The university's time zone (IANA name, e.g. Asia/Bishkek): lesson times and today's date are read in it, on the server and in the client. */
  timeZone: Type.String(),
});
export type SettingsDefaults = Static<typeof SettingsDefaults>;
/**
 * A side-menu entry configured by the university: `key` is one of the side-menu keys (docs/areas/settings.md#calls)
 * (schedule, gradingSheet, documents, personalCard, testing, workload, rating, questionnaire, rooms,
 * webinar, manual, ...), `url` an absolute http(s) URL opened in a new tab.
 */
export const MenuLink = Type.Object({ key: Type.String(), url: Type.String() });
export type MenuLink = Static<typeof MenuLink>;
export const Settings = Type.Tuple([SettingsDefaults, Type.Array(MenuLink)]);
export type Settings = Static<typeof Settings>;
export const SettingsReply = Ok(Settings);

/** POST /api/misc/dinurls.json {}: the apps panel, the university's other services. */
export const AppLink = Type.Object({
  id: Type.Integer(),
  /** Name in each language. */
  name: Type.Object({ kg: Type.String(), ru: Type.String(), en: Type.String() }),
  url: Type.String(),
  /** One of the icon names the client knows: mail, moodle, library, video, calendar, phone, docs, web. */
  icon: Type.String(),
});
export type AppLink = Static<typeof AppLink>;
export const DinUrlsReply = Ok(Type.Array(AppLink));

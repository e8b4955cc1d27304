/** Calls under /api/misc/ (SPEC §7 "Misc"), all with the .json suffix. */
import { Type, type Static } from 'typebox';
import { IdName, Ok, Role } from './common';

/** POST /api/misc/photo.json {uid, role}: the person's photo as base64 (SPEC §3 "Photo"). */
export const PhotoBody = Type.Object({ uid: Type.Integer(), role: Role });
export type PhotoBody = Static<typeof PhotoBody>;
export const Photo = Type.Object({
  /** base64 of the image bytes, or null when the person has no photo. */
  photo: Type.Union([Type.String(), Type.Null()]),
  mime: Type.Union([Type.String(), Type.Null()]),
});
export type Photo = Static<typeof Photo>;
export const PhotoReply = Ok(Photo);

/** POST /api/misc/position.json {id}: the teacher's position (id is the teacher's uid; own only). */
export const PositionBody = Type.Object({ id: Type.Integer() });
export type PositionBody = Static<typeof PositionBody>;
export const PositionRow = Type.Object({ position: Type.String(), department: Type.Union([Type.String(), Type.Null()]) });
export type PositionRow = Static<typeof PositionRow>;
export const PositionReply = Ok(Type.Array(PositionRow));

/** POST /api/misc/settings.json {role, uid}: [defaults, links] (SPEC §3 "Settings response"). */
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
});
export type SettingsDefaults = Static<typeof SettingsDefaults>;
/**
 * A side-menu entry configured by the university: `key` is one of the menu keys of SPEC §2
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

/** GET /api/misc/years.json: six academic years, from four back to one ahead, oldest first. */
export const YearsReply = Ok(Type.Array(IdName));
/** GET /api/misc/defaultyear.json: the current academic year (from September the new one). */
export const DefaultYearReply = Ok(IdName);

/** POST /api/misc/faculties.json {id}: faculties with groups registered in academic year id. */
export const FacultiesBody = Type.Object({ id: Type.Integer() });
export type FacultiesBody = Static<typeof FacultiesBody>;
export const FacultiesReply = Ok(Type.Array(IdName));

/** GET /api/health: 200 when the database answers, else 503. */
export const HealthReply = Ok(Type.Object({ db: Type.Literal('ok'), version: Type.String() }));

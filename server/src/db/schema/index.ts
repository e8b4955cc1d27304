/**
 * The university's database (PostgreSQL dialect, used on PGlite and on PostgreSQL alike), one file
 * per area. Change a file here, then run `npm run db:generate` to write a new migration under
 * ../migrations; migrations are committed and never edited after they land.
 *
 * Multilingual names are three columns: name_kg, name_ru, name_en.
 *
 * An area's own tables may instead live in its folder, `server/src/modules/<area>/<area>.schema.ts`
 * (the payment area's do): drizzle-kit reads those too (drizzle.config.ts), and only the area's
 * code imports them.
 */
export * from './people';
export * from './academic';
export * from './teaching';
export * from './auth';
export * from './site';
export * from './files';
export * from './news';
export * from './chat';
export * from './schedule';
export * from './journal';
export * from './qr';
export * from './library';
export * from './umk';
export * from './idempotency';
export * from './live';
export * from './notifications';
export * from './singlewindow';
export * from './registration';
export * from './transcript';
export * from './signing';
export * from './documents';

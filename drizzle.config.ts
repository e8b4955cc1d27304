// drizzle-kit: `npm run db:generate` writes a new SQL migration from the schema: server/src/db/schema/
// (one file per area) and the tables an area keeps in its own folder (modules/<area>/<area>.schema.ts).
// Migrations are committed and applied at start (server/src/db/migrate.ts); never edit one that has landed.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/src/db/schema/index.ts', './server/src/modules/*/*.schema.ts'],
  out: './server/src/db/migrations',
  strict: true,
  verbose: true,
});

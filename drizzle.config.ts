// drizzle-kit: `npm run db:generate` writes a new SQL migration from server/src/db/schema/ (one file per area).
// Migrations are committed and applied at start (server/src/db/migrate.ts); never edit one that has landed.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema/index.ts',
  out: './server/src/db/migrations',
  strict: true,
  verbose: true,
});

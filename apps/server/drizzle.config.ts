import { defineConfig } from 'drizzle-kit';

/** `pnpm --filter @parley/server db:generate` writes a migration from changes to the schema. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});

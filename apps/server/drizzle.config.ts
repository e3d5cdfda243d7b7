import { defineConfig } from 'drizzle-kit';

/** drizzle-kit only generates SQL here; the server applies it at start-up on PGlite or PostgreSQL. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});

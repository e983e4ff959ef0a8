// `pnpm db:generate` diffs src/kernel/db/schema.ts against the last snapshot and writes the next SQL
// migration into drizzle/. Hand-written migrations (roles, row-level security, extensions) are
// added with `drizzle-kit generate --custom --name=<what>` so they keep their place in the journal.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/kernel/db/schema.ts',
  out: './drizzle',
});

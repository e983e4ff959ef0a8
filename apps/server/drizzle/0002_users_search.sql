-- `q` on the users list matches any part of email, first or last name. A trigram GIN index on
-- exactly this expression keeps `... LIKE '%' || lower(q) || '%'` fast on large tenants; the
-- users queries must use the same expression (see the note on `users` in src/db/schema.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_search_trgm ON users USING gin (lower(email || ' ' || first_name || ' ' || last_name) gin_trgm_ops);

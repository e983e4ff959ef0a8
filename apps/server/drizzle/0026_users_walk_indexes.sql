-- The users search reads the list in its sort order and keeps the rows whose email and names hold
-- the term (src/users/queries.ts, searchProbeQuery). With the searched columns and the id carried
-- in each sort index, that read is an index-only scan: it never visits the table, about five times
-- cheaper a row, so a search can read tens of thousands of rows in its order before falling back to
-- collecting every match. Same names, same keys (the keyset paging is unchanged); drizzle-kit
-- cannot declare INCLUDE columns, so src/db/schema.ts names only the keys.
DROP INDEX IF EXISTS "users_tenant_email";
--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_email" ON "users" USING btree ("tenant_id","email") INCLUDE ("id","first_name","last_name");
--> statement-breakpoint
DROP INDEX IF EXISTS "users_tenant_first_name";
--> statement-breakpoint
CREATE INDEX "users_tenant_first_name" ON "users" USING btree ("tenant_id","first_name","id") INCLUDE ("email","last_name");
--> statement-breakpoint
DROP INDEX IF EXISTS "users_tenant_last_name";
--> statement-breakpoint
CREATE INDEX "users_tenant_last_name" ON "users" USING btree ("tenant_id","last_name","id") INCLUDE ("email","first_name");
--> statement-breakpoint
DROP INDEX IF EXISTS "users_tenant_status";
--> statement-breakpoint
CREATE INDEX "users_tenant_status" ON "users" USING btree ("tenant_id","status","email","id") INCLUDE ("first_name","last_name");
--> statement-breakpoint
DROP INDEX IF EXISTS "users_tenant_created";
--> statement-breakpoint
CREATE INDEX "users_tenant_created" ON "users" USING btree ("tenant_id","created_at","id") INCLUDE ("email","first_name","last_name");

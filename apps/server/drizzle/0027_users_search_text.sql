-- The users search matches its term against the email and names lower-cased. Lower-casing them on
-- every row a search reads cost its walk in list order two thirds of its time (lower() is
-- locale-aware), so they are lower-cased once, when a row is written, into `search_text`. The
-- trigram index moves to that column (same name, same matches), and every sort index carries it
-- in place of the email and names it carried (drizzle/0026): a search's walk stays index-only and
-- its rows are narrower. drizzle-kit cannot declare an operator class or INCLUDE columns, so
-- src/db/schema.ts names only the column and the keys.
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("email" || ' ' || "first_name" || ' ' || "last_name")) STORED NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "users_search_trgm";
--> statement-breakpoint
CREATE INDEX "users_search_trgm" ON "users" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS "users_tenant_email";
--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_email" ON "users" USING btree ("tenant_id","email") INCLUDE ("id","search_text");
--> statement-breakpoint
DROP INDEX IF EXISTS "users_tenant_first_name";
--> statement-breakpoint
CREATE INDEX "users_tenant_first_name" ON "users" USING btree ("tenant_id","first_name","id") INCLUDE ("search_text");
--> statement-breakpoint
DROP INDEX IF EXISTS "users_tenant_last_name";
--> statement-breakpoint
CREATE INDEX "users_tenant_last_name" ON "users" USING btree ("tenant_id","last_name","id") INCLUDE ("search_text");
--> statement-breakpoint
DROP INDEX IF EXISTS "users_tenant_status";
--> statement-breakpoint
CREATE INDEX "users_tenant_status" ON "users" USING btree ("tenant_id","status","email","id") INCLUDE ("search_text");
--> statement-breakpoint
DROP INDEX IF EXISTS "users_tenant_created";
--> statement-breakpoint
CREATE INDEX "users_tenant_created" ON "users" USING btree ("tenant_id","created_at","id") INCLUDE ("search_text");

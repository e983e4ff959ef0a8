ALTER TABLE "tenants" ADD COLUMN "default_language" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "max_users" integer;
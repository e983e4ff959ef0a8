CREATE TABLE "oauth_records" (
	"tenant_id" uuid NOT NULL,
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"account_id" text,
	"client_id" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_records_tenant_id_model_id_pk" PRIMARY KEY("tenant_id","model","id")
);
--> statement-breakpoint
ALTER TABLE "oauth_records" ADD CONSTRAINT "oauth_records_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_records_grant" ON "oauth_records" USING btree ("tenant_id","grant_id");--> statement-breakpoint
CREATE INDEX "oauth_records_uid" ON "oauth_records" USING btree ("tenant_id","uid");--> statement-breakpoint
CREATE INDEX "oauth_records_account" ON "oauth_records" USING btree ("tenant_id","account_id");--> statement-breakpoint
SELECT portal_enable_tenant_rls('oauth_records');

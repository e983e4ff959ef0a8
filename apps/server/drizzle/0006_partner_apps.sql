CREATE TABLE "tenant_apps" (
	"tenant_id" uuid NOT NULL,
	"app" text NOT NULL,
	"status" text DEFAULT 'installed' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"api_key" text,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_apps_tenant_id_app_pk" PRIMARY KEY("tenant_id","app")
);
--> statement-breakpoint
ALTER TABLE "tenant_apps" ADD CONSTRAINT "tenant_apps_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT portal_enable_tenant_rls('tenant_apps');
--> statement-breakpoint
-- The `neosound` and `slack` tenant features now mean "that partner app is installed", and no
-- tenant has installed one yet.
UPDATE tenants SET features = features || '{"neosound": false, "slack": false}'::jsonb;

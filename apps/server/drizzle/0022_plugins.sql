CREATE TABLE "tenant_plugins" (
	"tenant_id" uuid NOT NULL,
	"plugin" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_plugins_tenant_id_plugin_pk" PRIMARY KEY("tenant_id","plugin")
);
--> statement-breakpoint
CREATE TABLE "user_plugins" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"plugin" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_plugins_tenant_id_user_id_plugin_pk" PRIMARY KEY("tenant_id","user_id","plugin")
);
--> statement-breakpoint
ALTER TABLE "tenant_plugins" ADD CONSTRAINT "tenant_plugins_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_plugins" ADD CONSTRAINT "tenant_plugins_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_plugins" ADD CONSTRAINT "user_plugins_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_plugins" ADD CONSTRAINT "user_plugins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_plugins_user" ON "user_plugins" USING btree ("user_id");--> statement-breakpoint
SELECT portal_enable_tenant_rls('tenant_plugins');--> statement-breakpoint
SELECT portal_enable_tenant_rls('user_plugins');
CREATE TABLE "slack_installations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"team_id" text NOT NULL,
	"team_name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"slack_user_id" text NOT NULL,
	"bot_user_id" text,
	"bot_token" text,
	"user_token" text,
	"scopes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slack_meeting_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"team_id" text NOT NULL,
	"channel_id" text NOT NULL,
	"last_event_id" bigint DEFAULT 0 NOT NULL,
	"last_duration_at" timestamp with time zone,
	"posted_recordings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slack_user_links" (
	"tenant_id" uuid NOT NULL,
	"team_id" text NOT NULL,
	"slack_user_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slack_user_links_tenant_id_team_id_slack_user_id_pk" PRIMARY KEY("tenant_id","team_id","slack_user_id")
);
--> statement-breakpoint
ALTER TABLE "slack_installations" ADD CONSTRAINT "slack_installations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_installations" ADD CONSTRAINT "slack_installations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_meeting_channels" ADD CONSTRAINT "slack_meeting_channels_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_meeting_channels" ADD CONSTRAINT "slack_meeting_channels_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_user_links" ADD CONSTRAINT "slack_user_links_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_user_links" ADD CONSTRAINT "slack_user_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "slack_installations_workspace" ON "slack_installations" USING btree ("tenant_id","team_id") WHERE "slack_installations"."kind" = 'workspace';--> statement-breakpoint
CREATE UNIQUE INDEX "slack_installations_user" ON "slack_installations" USING btree ("tenant_id","team_id","slack_user_id") WHERE "slack_installations"."kind" = 'user';--> statement-breakpoint
CREATE INDEX "slack_installations_team" ON "slack_installations" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "slack_meeting_channels_meeting" ON "slack_meeting_channels" USING btree ("meeting_id","team_id","channel_id");--> statement-breakpoint
CREATE INDEX "slack_user_links_user" ON "slack_user_links" USING btree ("user_id");--> statement-breakpoint
SELECT portal_enable_tenant_rls('slack_installations');--> statement-breakpoint
SELECT portal_enable_tenant_rls('slack_user_links');--> statement-breakpoint
SELECT portal_enable_tenant_rls('slack_meeting_channels');

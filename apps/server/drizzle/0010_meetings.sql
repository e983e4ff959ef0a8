CREATE TABLE "meeting_co_hosts" (
	"tenant_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "meeting_co_hosts_meeting_id_user_id_pk" PRIMARY KEY("meeting_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "meeting_exceptions" (
	"tenant_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"original_start" timestamp with time zone NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone,
	"duration_minutes" integer,
	"topic" text,
	CONSTRAINT "meeting_exceptions_meeting_id_original_start_pk" PRIMARY KEY("meeting_id","original_start")
);
--> statement-breakpoint
CREATE TABLE "meeting_invitees" (
	"tenant_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"email" text NOT NULL,
	"occurrence" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"host_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"description" text,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"time_zone" text NOT NULL,
	"rrule" text,
	"ends_at" timestamp with time zone,
	"password" text,
	"record_mode" text,
	"meeting_mode" text,
	"options" jsonb NOT NULL,
	"phone_bridge" boolean DEFAULT false NOT NULL,
	"join_mode" text DEFAULT 'waiting_for_host' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "ical_method" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "ical_content" text;--> statement-breakpoint
ALTER TABLE "meeting_co_hosts" ADD CONSTRAINT "meeting_co_hosts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_co_hosts" ADD CONSTRAINT "meeting_co_hosts_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_co_hosts" ADD CONSTRAINT "meeting_co_hosts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_exceptions" ADD CONSTRAINT "meeting_exceptions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_exceptions" ADD CONSTRAINT "meeting_exceptions_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_invitees" ADD CONSTRAINT "meeting_invitees_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_invitees" ADD CONSTRAINT "meeting_invitees_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_co_hosts_user" ON "meeting_co_hosts" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_invitees_email" ON "meeting_invitees" USING btree ("meeting_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_code" ON "meetings" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_personal_host" ON "meetings" USING btree ("host_id") WHERE "meetings"."kind" = 'personal';--> statement-breakpoint
CREATE INDEX "meetings_tenant_host_kind" ON "meetings" USING btree ("tenant_id","host_id","kind","starts_at");--> statement-breakpoint
SELECT portal_enable_tenant_rls('meetings');--> statement-breakpoint
SELECT portal_enable_tenant_rls('meeting_co_hosts');--> statement-breakpoint
SELECT portal_enable_tenant_rls('meeting_exceptions');--> statement-breakpoint
SELECT portal_enable_tenant_rls('meeting_invitees');

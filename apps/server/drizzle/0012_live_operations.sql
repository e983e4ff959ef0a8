CREATE TABLE "media_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"event_key" text NOT NULL,
	"type" text NOT NULL,
	"participant_key" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_nodes" (
	"name" text PRIMARY KEY NOT NULL,
	"last_event_at" timestamp with time zone,
	"accepted" bigint DEFAULT 0 NOT NULL,
	"refused" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"participant_id" uuid,
	"user_id" uuid,
	"display_name" text DEFAULT '' NOT NULL,
	"rating" integer NOT NULL,
	"video_issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audio_issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"suggestion" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"participant_key" text NOT NULL,
	"user_id" uuid,
	"display_name" text DEFAULT '' NOT NULL,
	"email" text,
	"joined_at" timestamp with time zone NOT NULL,
	"last_joined_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	"client" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"camera_on" boolean DEFAULT false NOT NULL,
	"mic_on" boolean DEFAULT false NOT NULL,
	"screen_sharing" boolean DEFAULT false NOT NULL,
	"audio_codec" text,
	"video_codec" text,
	"stats_at" timestamp with time zone,
	"bitrate_in_kbps" integer,
	"bitrate_out_kbps" integer,
	"packet_loss" double precision,
	"jitter_ms" double precision,
	"rtt_ms" double precision,
	"samples" integer DEFAULT 0 NOT NULL,
	"packet_loss_sum" double precision DEFAULT 0 NOT NULL,
	"jitter_sum" double precision DEFAULT 0 NOT NULL,
	"rtt_sum" double precision DEFAULT 0 NOT NULL,
	"poor_streak" integer DEFAULT 0 NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"flag_reason" text
);
--> statement-breakpoint
CREATE TABLE "meeting_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"meeting_id" uuid,
	"code" text NOT NULL,
	"topic" text NOT NULL,
	"host_id" uuid,
	"node" text NOT NULL,
	"source" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"video" boolean DEFAULT false NOT NULL,
	"screen_share" boolean DEFAULT false NOT NULL,
	"phone_bridge" boolean DEFAULT false NOT NULL,
	"recording" boolean DEFAULT false NOT NULL,
	"participants" integer DEFAULT 0 NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_events" ADD CONSTRAINT "media_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_events" ADD CONSTRAINT "media_events_session_id_meeting_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."meeting_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_feedback" ADD CONSTRAINT "meeting_feedback_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_feedback" ADD CONSTRAINT "meeting_feedback_session_id_meeting_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."meeting_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_feedback" ADD CONSTRAINT "meeting_feedback_participant_id_meeting_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."meeting_participants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_feedback" ADD CONSTRAINT "meeting_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_participants" ADD CONSTRAINT "meeting_participants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_participants" ADD CONSTRAINT "meeting_participants_session_id_meeting_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."meeting_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_participants" ADD CONSTRAINT "meeting_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_sessions" ADD CONSTRAINT "meeting_sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_sessions" ADD CONSTRAINT "meeting_sessions_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_sessions" ADD CONSTRAINT "meeting_sessions_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_events_key" ON "media_events" USING btree ("tenant_id","event_key");--> statement-breakpoint
CREATE INDEX "media_events_session" ON "media_events" USING btree ("session_id","occurred_at");--> statement-breakpoint
CREATE INDEX "meeting_feedback_tenant_created" ON "meeting_feedback" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_feedback_participant" ON "meeting_feedback" USING btree ("participant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_participants_key" ON "meeting_participants" USING btree ("session_id","participant_key");--> statement-breakpoint
CREATE INDEX "meeting_participants_user" ON "meeting_participants" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "meeting_sessions_tenant_started" ON "meeting_sessions" USING btree ("tenant_id","started_at");--> statement-breakpoint
CREATE INDEX "meeting_sessions_started" ON "meeting_sessions" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_sessions_running" ON "meeting_sessions" USING btree ("meeting_id") WHERE "meeting_sessions"."ended_at" is null;--> statement-breakpoint
SELECT portal_enable_tenant_rls('meeting_sessions');
--> statement-breakpoint
SELECT portal_enable_tenant_rls('meeting_participants');
--> statement-breakpoint
SELECT portal_enable_tenant_rls('media_events');
--> statement-breakpoint
SELECT portal_enable_tenant_rls('meeting_feedback');

CREATE TABLE "join_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"room_id" bigint NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meeting_rooms" ADD COLUMN "record_mode" text;--> statement-breakpoint
ALTER TABLE "join_grants" ADD CONSTRAINT "join_grants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_grants" ADD CONSTRAINT "join_grants_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "join_grants_expiry" ON "join_grants" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "join_grants_meeting" ON "join_grants" USING btree ("meeting_id");--> statement-breakpoint
UPDATE "meeting_rooms" SET "record_mode" = "meetings"."record_mode" FROM "meetings" WHERE "meetings"."id" = "meeting_rooms"."meeting_id" AND NOT "meetings"."end_to_end_encrypted";--> statement-breakpoint
SELECT portal_enable_tenant_rls('join_grants');

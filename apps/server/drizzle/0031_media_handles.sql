CREATE TABLE "media_handles" (
	"node" text NOT NULL,
	"handle_id" bigint NOT NULL,
	"opaque" text,
	"role" text,
	"pending" jsonb,
	"sent" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_handles_node_handle_id_pk" PRIMARY KEY("node","handle_id")
);
--> statement-breakpoint
CREATE INDEX "media_handles_opaque_idx" ON "media_handles" USING btree ("node","opaque");
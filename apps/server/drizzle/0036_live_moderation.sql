-- Administrators act on running meetings from Live meetings (issue 33 section 1): end one for
-- everyone (room.current.end), remove a participant (room.current.remove), who may be barred from
-- this run of the room (`blocked`, participant keys, as `lifted_mutes`), mute a participant
-- (room.current.mute), and lock the run against new participants (room.current.lock, `locked`).
ALTER TABLE "meeting_rooms" ADD COLUMN "blocked" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "meeting_rooms" ADD COLUMN "locked" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The built-in administrator roles hold the new permissions (src/kernel/access/permissions.ts):
-- existing tenants' roles get them here; custom roles get them when their authors give them.
-- Row-level security is forced on `roles`, even for its owner: open it for these statements only.
SELECT set_config('app.platform', 'on', true);
--> statement-breakpoint
UPDATE roles SET permissions = permissions || ARRAY(
    SELECT p FROM unnest(ARRAY['room.current.end', 'room.current.remove', 'room.current.lock', 'room.current.mute']) AS p WHERE NOT (p = ANY (roles.permissions))
  )
  WHERE built_in AND name IN ('superadmin', 'tenantadmin', 'admin');
--> statement-breakpoint
SELECT set_config('app.platform', '', true);

-- Administrators end a running meeting from Live meetings (issue 33 section 1) by a new permission,
-- room.current.end, which the built-in administrator roles hold (src/kernel/access/permissions.ts).
-- Existing tenants' built-in roles get it here; custom roles get it when their authors give it.
-- Row-level security is forced on `roles`, even for its owner: open it for this statement only.
SELECT set_config('app.platform', 'on', true);
--> statement-breakpoint
UPDATE roles SET permissions = array_append(permissions, 'room.current.end')
  WHERE built_in AND name IN ('superadmin', 'tenantadmin', 'admin') AND NOT ('room.current.end' = ANY (permissions));
--> statement-breakpoint
SELECT set_config('app.platform', '', true);

-- Dial in and dial out are permission-like flags (spec section 6): a role may only carry one its
-- author holds. The administrators' built-in roles now carry both (src/auth/permissions.ts), so the
-- tenant administrators of existing tenants may still hand them on while their tenant has them on.
-- Row-level security is forced on `roles`, even for its owner: open it for this statement only.
SELECT set_config('app.platform', 'on', true);
--> statement-breakpoint
UPDATE roles SET dial_in = true, dial_out = true WHERE built_in AND name IN ('superadmin', 'tenantadmin', 'admin');
--> statement-breakpoint
SELECT set_config('app.platform', '', true);

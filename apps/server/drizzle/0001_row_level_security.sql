-- Request work runs as `portal_app`, a role that cannot log in and cannot bypass row-level
-- security; the server (table owner) switches to it per transaction with SET LOCAL ROLE. The
-- policies keep every tenant-owned row to the tenant named by `app.tenant_id`, so a query that
-- forgets its tenant filter still cannot read or change another tenant's rows. `app.platform = on`
-- opens them for the few platform-level reads (tenant by host, the super administrator's list).
-- Creating the role races when several databases of one cluster migrate at once (parallel tests).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'portal_app') THEN
    CREATE ROLE portal_app NOLOGIN NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;
--> statement-breakpoint
-- A non-superuser owner (managed PostgreSQL) must be a member of the role to SET ROLE to it.
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'portal_app', 'MEMBER') THEN
    EXECUTE format('GRANT portal_app TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO portal_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO portal_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO portal_app;
--> statement-breakpoint
-- Tables of later migrations get the same grants without repeating them.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO portal_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO portal_app;
--> statement-breakpoint
-- Later migrations that add a tenant-owned table call this (and list the table in
-- `tenantOwnedTables` in src/db/schema.ts; a test checks both agree).
-- The setting is '' rather than NULL once it was set earlier in the session, hence nullif.
CREATE OR REPLACE FUNCTION portal_enable_tenant_rls(target regclass, key_column text DEFAULT 'tenant_id')
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', target);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', target);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %s', target);
  EXECUTE format(
    $policy$CREATE POLICY tenant_isolation ON %s
      USING (%I = nullif(current_setting('app.tenant_id', true), '')::uuid OR current_setting('app.platform', true) = 'on')
      WITH CHECK (%I = nullif(current_setting('app.tenant_id', true), '')::uuid OR current_setting('app.platform', true) = 'on')$policy$,
    target, key_column, key_column);
END
$$;
--> statement-breakpoint
SELECT portal_enable_tenant_rls('tenants', 'id');
--> statement-breakpoint
SELECT portal_enable_tenant_rls('roles');
--> statement-breakpoint
SELECT portal_enable_tenant_rls('users');
--> statement-breakpoint
SELECT portal_enable_tenant_rls('user_roles');
--> statement-breakpoint
SELECT portal_enable_tenant_rls('sessions');
--> statement-breakpoint
SELECT portal_enable_tenant_rls('login_attempts');
--> statement-breakpoint
SELECT portal_enable_tenant_rls('action_tokens');
--> statement-breakpoint
SELECT portal_enable_tenant_rls('mail_outbox');
--> statement-breakpoint
SELECT portal_enable_tenant_rls('dev_clients');

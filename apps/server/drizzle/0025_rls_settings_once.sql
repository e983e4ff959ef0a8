-- The tenant policy read the request's settings once per row: `current_setting` is only stable, so
-- a filter calls it (and parses the uuid) for every row a scan visits, which was a good share of a
-- search that reads tens of thousands of rows. In a scalar subquery the planner evaluates it once
-- per statement (an InitPlan) and compares each row to the result. Same rule, same tables: every
-- table that has the tenant policy gets it again through the redefined function.
CREATE OR REPLACE FUNCTION portal_enable_tenant_rls(target regclass, key_column text DEFAULT 'tenant_id')
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', target);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', target);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %s', target);
  EXECUTE format(
    $policy$CREATE POLICY tenant_isolation ON %s
      USING (%I = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid) OR (SELECT current_setting('app.platform', true)) = 'on')
      WITH CHECK (%I = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid) OR (SELECT current_setting('app.platform', true)) = 'on')$policy$,
    target, key_column, key_column);
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  policy record;
BEGIN
  FOR policy IN SELECT tablename FROM pg_policies WHERE schemaname = current_schema() AND policyname = 'tenant_isolation' LOOP
    PERFORM portal_enable_tenant_rls(policy.tablename::regclass, CASE WHEN policy.tablename = 'tenants' THEN 'id' ELSE 'tenant_id' END);
  END LOOP;
END
$$;

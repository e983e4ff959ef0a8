-- The global configuration's 'tenant' section holds the plan limits of tenants without a meeting
-- plan (noPlan*), which every limit check reads inside the tenant's own transaction. That section
-- holds platform defaults only, no secret and nothing of another tenant, so any transaction may read
-- it; writing it, and reading every other section, stays with platform transactions (0005).
CREATE POLICY tenant_section_readable ON platform_settings FOR SELECT
  USING (section = 'tenant');

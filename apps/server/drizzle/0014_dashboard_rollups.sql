CREATE TABLE "dashboard_clients" (
	"tenant_id" uuid NOT NULL,
	"span" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"platform" text NOT NULL,
	"os" text NOT NULL,
	"participants" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_hosts" (
	"tenant_id" uuid NOT NULL,
	"span" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"host_id" uuid,
	"meetings" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_people" (
	"tenant_id" uuid NOT NULL,
	"span" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"user_id" uuid,
	"participants" integer NOT NULL,
	"seconds" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_totals" (
	"tenant_id" uuid NOT NULL,
	"span" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"meetings" integer NOT NULL,
	"participants" integer NOT NULL,
	"seconds" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_clients" ADD CONSTRAINT "dashboard_clients_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_hosts" ADD CONSTRAINT "dashboard_hosts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_people" ADD CONSTRAINT "dashboard_people_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_totals" ADD CONSTRAINT "dashboard_totals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_clients_tenant" ON "dashboard_clients" USING btree ("tenant_id","span","at");--> statement-breakpoint
CREATE INDEX "dashboard_clients_span" ON "dashboard_clients" USING btree ("span","at");--> statement-breakpoint
CREATE INDEX "dashboard_hosts_tenant" ON "dashboard_hosts" USING btree ("tenant_id","span","at");--> statement-breakpoint
CREATE INDEX "dashboard_hosts_span" ON "dashboard_hosts" USING btree ("span","at");--> statement-breakpoint
CREATE INDEX "dashboard_people_tenant" ON "dashboard_people" USING btree ("tenant_id","span","at");--> statement-breakpoint
CREATE INDEX "dashboard_people_span" ON "dashboard_people" USING btree ("span","at");--> statement-breakpoint
CREATE INDEX "dashboard_totals_tenant" ON "dashboard_totals" USING btree ("tenant_id","span","at");--> statement-breakpoint
CREATE INDEX "dashboard_totals_span" ON "dashboard_totals" USING btree ("span","at");--> statement-breakpoint
CREATE INDEX "meeting_sessions_open" ON "meeting_sessions" USING btree ("tenant_id","started_at") WHERE "meeting_sessions"."ended_at" is null;--> statement-breakpoint
SELECT portal_enable_tenant_rls('dashboard_totals');
--> statement-breakpoint
SELECT portal_enable_tenant_rls('dashboard_hosts');
--> statement-breakpoint
SELECT portal_enable_tenant_rls('dashboard_people');
--> statement-breakpoint
SELECT portal_enable_tenant_rls('dashboard_clients');
--> statement-breakpoint
-- The `parent` spans (day or month, UTC) of the given (tenant, start) pairs, each pair once,
-- summed again from their `child` spans (hour or day).
CREATE OR REPLACE FUNCTION portal_dashboard_roll_up(tenant_ids uuid[], ats timestamptz[], child text, parent text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  span_length interval := CASE parent WHEN 'day' THEN interval '1 day' ELSE interval '1 month' END;
BEGIN
  DELETE FROM dashboard_totals AS d USING unnest(tenant_ids, ats) AS b(t, a) WHERE d.tenant_id = b.t AND d.span = parent AND d.at = b.a;
  DELETE FROM dashboard_hosts AS d USING unnest(tenant_ids, ats) AS b(t, a) WHERE d.tenant_id = b.t AND d.span = parent AND d.at = b.a;
  DELETE FROM dashboard_people AS d USING unnest(tenant_ids, ats) AS b(t, a) WHERE d.tenant_id = b.t AND d.span = parent AND d.at = b.a;
  DELETE FROM dashboard_clients AS d USING unnest(tenant_ids, ats) AS b(t, a) WHERE d.tenant_id = b.t AND d.span = parent AND d.at = b.a;
  -- Months are added in UTC, not in the connection's zone.
  INSERT INTO dashboard_totals (tenant_id, span, at, meetings, participants, seconds)
    SELECT b.t, parent, b.a, sum(c.meetings)::int, sum(c.participants)::int, sum(c.seconds)::float8
    FROM unnest(tenant_ids, ats) AS b(t, a)
    JOIN dashboard_totals AS c ON c.tenant_id = b.t AND c.span = child AND c.at >= b.a AND c.at < ((b.a AT TIME ZONE 'UTC') + span_length) AT TIME ZONE 'UTC'
    GROUP BY b.t, b.a;
  INSERT INTO dashboard_hosts (tenant_id, span, at, host_id, meetings)
    SELECT b.t, parent, b.a, c.host_id, sum(c.meetings)::int
    FROM unnest(tenant_ids, ats) AS b(t, a)
    JOIN dashboard_hosts AS c ON c.tenant_id = b.t AND c.span = child AND c.at >= b.a AND c.at < ((b.a AT TIME ZONE 'UTC') + span_length) AT TIME ZONE 'UTC'
    GROUP BY b.t, b.a, c.host_id;
  INSERT INTO dashboard_people (tenant_id, span, at, user_id, participants, seconds)
    SELECT b.t, parent, b.a, c.user_id, sum(c.participants)::int, sum(c.seconds)::float8
    FROM unnest(tenant_ids, ats) AS b(t, a)
    JOIN dashboard_people AS c ON c.tenant_id = b.t AND c.span = child AND c.at >= b.a AND c.at < ((b.a AT TIME ZONE 'UTC') + span_length) AT TIME ZONE 'UTC'
    GROUP BY b.t, b.a, c.user_id;
  INSERT INTO dashboard_clients (tenant_id, span, at, platform, os, participants)
    SELECT b.t, parent, b.a, c.platform, c.os, sum(c.participants)::int
    FROM unnest(tenant_ids, ats) AS b(t, a)
    JOIN dashboard_clients AS c ON c.tenant_id = b.t AND c.span = child AND c.at >= b.a AND c.at < ((b.a AT TIME ZONE 'UTC') + span_length) AT TIME ZONE 'UTC'
    GROUP BY b.t, b.a, c.platform, c.os;
END
$$;
--> statement-breakpoint
-- Recomputes the rollups of the given (tenant, UTC hour) pairs (each pair once) from the raw
-- rows (the ended meetings that started in that hour and their participants), then their days
-- and months. Runs as the caller, so under its row-level security. A per-tenant lock serialises
-- refreshes of one tenant across connections; each statement then reads with a fresh snapshot,
-- so the last refresh to commit saw every committed write before it.
CREATE OR REPLACE FUNCTION portal_dashboard_refresh(tenant_ids uuid[], hours timestamptz[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  day_tenants uuid[];
  days timestamptz[];
  month_tenants uuid[];
  months timestamptz[];
BEGIN
  IF tenant_ids IS NULL OR cardinality(tenant_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('portal_dashboard_rollups'), hashtext(x.t::text))
    FROM (SELECT DISTINCT t FROM unnest(tenant_ids) AS t ORDER BY t) AS x;
  DELETE FROM dashboard_totals AS d USING unnest(tenant_ids, hours) AS b(t, h) WHERE d.tenant_id = b.t AND d.span = 'hour' AND d.at = b.h;
  DELETE FROM dashboard_hosts AS d USING unnest(tenant_ids, hours) AS b(t, h) WHERE d.tenant_id = b.t AND d.span = 'hour' AND d.at = b.h;
  DELETE FROM dashboard_people AS d USING unnest(tenant_ids, hours) AS b(t, h) WHERE d.tenant_id = b.t AND d.span = 'hour' AND d.at = b.h;
  DELETE FROM dashboard_clients AS d USING unnest(tenant_ids, hours) AS b(t, h) WHERE d.tenant_id = b.t AND d.span = 'hour' AND d.at = b.h;
  INSERT INTO dashboard_totals (tenant_id, span, at, meetings, participants, seconds)
    SELECT s.tenant_id, 'hour', b.h, count(*)::int, coalesce(sum(pp.n), 0)::int, coalesce(sum(pp.seconds), 0)::float8
    FROM unnest(tenant_ids, hours) AS b(t, h)
    JOIN meeting_sessions AS s ON s.tenant_id = b.t AND s.started_at >= b.h AND s.started_at < b.h + interval '1 hour'
    LEFT JOIN LATERAL (
      SELECT count(*) AS n, sum(date_part('epoch', coalesce(p.left_at, s.ended_at)) - date_part('epoch', p.joined_at)) AS seconds
      FROM meeting_participants AS p WHERE p.session_id = s.id
    ) AS pp ON true
    WHERE s.ended_at IS NOT NULL
    GROUP BY s.tenant_id, b.h;
  INSERT INTO dashboard_hosts (tenant_id, span, at, host_id, meetings)
    SELECT s.tenant_id, 'hour', b.h, s.host_id, count(*)::int
    FROM unnest(tenant_ids, hours) AS b(t, h)
    JOIN meeting_sessions AS s ON s.tenant_id = b.t AND s.started_at >= b.h AND s.started_at < b.h + interval '1 hour'
    WHERE s.ended_at IS NOT NULL
    GROUP BY s.tenant_id, b.h, s.host_id;
  INSERT INTO dashboard_people (tenant_id, span, at, user_id, participants, seconds)
    SELECT s.tenant_id, 'hour', b.h, p.user_id, count(*)::int, coalesce(sum(date_part('epoch', coalesce(p.left_at, s.ended_at)) - date_part('epoch', p.joined_at)), 0)::float8
    FROM unnest(tenant_ids, hours) AS b(t, h)
    JOIN meeting_sessions AS s ON s.tenant_id = b.t AND s.started_at >= b.h AND s.started_at < b.h + interval '1 hour'
    JOIN meeting_participants AS p ON p.session_id = s.id
    WHERE s.ended_at IS NOT NULL
    GROUP BY s.tenant_id, b.h, p.user_id;
  INSERT INTO dashboard_clients (tenant_id, span, at, platform, os, participants)
    SELECT s.tenant_id, 'hour', b.h, coalesce(nullif(p.client->>'platform', ''), 'unknown'), coalesce(nullif(p.client->>'os', ''), 'unknown'), count(*)::int
    FROM unnest(tenant_ids, hours) AS b(t, h)
    JOIN meeting_sessions AS s ON s.tenant_id = b.t AND s.started_at >= b.h AND s.started_at < b.h + interval '1 hour'
    JOIN meeting_participants AS p ON p.session_id = s.id
    WHERE s.ended_at IS NOT NULL
    GROUP BY 1, 3, 4, 5;
  SELECT array_agg(x.t), array_agg(x.d) INTO day_tenants, days
    FROM (SELECT DISTINCT b.t, date_trunc('day', b.h, 'UTC') AS d FROM unnest(tenant_ids, hours) AS b(t, h)) AS x;
  PERFORM portal_dashboard_roll_up(day_tenants, days, 'hour', 'day');
  SELECT array_agg(x.t), array_agg(x.m) INTO month_tenants, months
    FROM (SELECT DISTINCT b.t, date_trunc('month', b.d, 'UTC') AS m FROM unnest(day_tenants, days) AS b(t, d)) AS x;
  PERFORM portal_dashboard_roll_up(month_tenants, months, 'day', 'month');
END
$$;
--> statement-breakpoint
-- Every rollup the caller can see, recomputed from scratch (after rows written with triggers off, a repair).
CREATE OR REPLACE FUNCTION portal_dashboard_rebuild()
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ts uuid[];
  hs timestamptz[];
BEGIN
  DELETE FROM dashboard_totals;
  DELETE FROM dashboard_hosts;
  DELETE FROM dashboard_people;
  DELETE FROM dashboard_clients;
  SELECT array_agg(b.t), array_agg(b.h) INTO ts, hs
    FROM (SELECT DISTINCT tenant_id AS t, date_trunc('hour', started_at, 'UTC') AS h FROM meeting_sessions WHERE ended_at IS NOT NULL) AS b;
  PERFORM portal_dashboard_refresh(ts, hs);
END
$$;
--> statement-breakpoint
-- A statement that wrote meetings: the hours an ended meeting started in, before and after, are recomputed.
CREATE OR REPLACE FUNCTION portal_dashboard_sessions_changed()
RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ts uuid[];
  hs timestamptz[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(b.t), array_agg(b.h) INTO ts, hs
      FROM (SELECT DISTINCT tenant_id AS t, date_trunc('hour', started_at, 'UTC') AS h FROM new_rows WHERE ended_at IS NOT NULL) AS b;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(b.t), array_agg(b.h) INTO ts, hs
      FROM (
        SELECT tenant_id AS t, date_trunc('hour', started_at, 'UTC') AS h FROM old_rows WHERE ended_at IS NOT NULL
        UNION
        SELECT tenant_id, date_trunc('hour', started_at, 'UTC') FROM new_rows WHERE ended_at IS NOT NULL
      ) AS b;
  ELSE
    SELECT array_agg(b.t), array_agg(b.h) INTO ts, hs
      FROM (SELECT DISTINCT tenant_id AS t, date_trunc('hour', started_at, 'UTC') AS h FROM old_rows WHERE ended_at IS NOT NULL) AS b;
  END IF;
  PERFORM portal_dashboard_refresh(ts, hs);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A statement that wrote participants: the hours of their meetings that have ended are recomputed.
CREATE OR REPLACE FUNCTION portal_dashboard_participants_changed()
RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ts uuid[];
  hs timestamptz[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(b.t), array_agg(b.h) INTO ts, hs
      FROM (SELECT DISTINCT s.tenant_id AS t, date_trunc('hour', s.started_at, 'UTC') AS h
            FROM (SELECT DISTINCT session_id FROM new_rows) AS x JOIN meeting_sessions AS s ON s.id = x.session_id WHERE s.ended_at IS NOT NULL) AS b;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(b.t), array_agg(b.h) INTO ts, hs
      FROM (SELECT DISTINCT s.tenant_id AS t, date_trunc('hour', s.started_at, 'UTC') AS h
            FROM (SELECT session_id FROM old_rows UNION SELECT session_id FROM new_rows) AS x JOIN meeting_sessions AS s ON s.id = x.session_id WHERE s.ended_at IS NOT NULL) AS b;
  ELSE
    SELECT array_agg(b.t), array_agg(b.h) INTO ts, hs
      FROM (SELECT DISTINCT s.tenant_id AS t, date_trunc('hour', s.started_at, 'UTC') AS h
            FROM (SELECT DISTINCT session_id FROM old_rows) AS x JOIN meeting_sessions AS s ON s.id = x.session_id WHERE s.ended_at IS NOT NULL) AS b;
  END IF;
  PERFORM portal_dashboard_refresh(ts, hs);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_sessions_inserted AFTER INSERT ON meeting_sessions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portal_dashboard_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_sessions_updated AFTER UPDATE ON meeting_sessions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portal_dashboard_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_sessions_deleted AFTER DELETE ON meeting_sessions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portal_dashboard_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_participants_inserted AFTER INSERT ON meeting_participants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portal_dashboard_participants_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_participants_updated AFTER UPDATE ON meeting_participants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portal_dashboard_participants_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_participants_deleted AFTER DELETE ON meeting_participants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION portal_dashboard_participants_changed();
--> statement-breakpoint
-- The meetings kept so far, rolled up. Row-level security is forced on these tables, so an owner
-- that is not a superuser (managed PostgreSQL) reads and writes them as the platform here.
DO $$
BEGIN
  PERFORM set_config('app.platform', 'on', true);
  PERFORM portal_dashboard_rebuild();
  PERFORM set_config('app.platform', '', true);
END
$$;

// The expand/contract rule (CONTRIBUTING.md, "Migrations between releases"): every migration after
// the previous release's last one only adds to the schema that release's server reads and writes,
// unless it carries the reviewed marker naming the release that stopped using what it takes away.
// The checker itself (test/expand-contract.ts) is tested on sample SQL and on a migration of the past.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/kernel/db/database.ts';
import { contractions, judgeMigration } from './expand-contract.ts';
import { journalEntries, journalIndex, previousRelease, releases } from './releases.ts';

const migrationSql = (tag: string) => readFileSync(join(migrationsFolder, `${tag}.sql`), 'utf8');
const released = releases.map((release) => release.version);

describe('releases.json', () => {
  it('lists releases in order, each cut from a commit at a migration the journal has', () => {
    expect(releases.length).toBeGreaterThan(0);
    const order = (version: string) => version.split('.').map(Number).reduce((sum, part) => sum * 1000 + part, 0);
    releases.forEach((release, index) => {
      expect(release.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(release.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(() => journalIndex(release.lastMigration)).not.toThrow();
      const earlier = releases[index - 1];
      if (earlier) {
        expect(order(release.version)).toBeGreaterThan(order(earlier.version));
        expect(journalIndex(release.lastMigration)).toBeGreaterThanOrEqual(journalIndex(earlier.lastMigration));
      }
    });
  });
});

describe(`migrations after release ${previousRelease().version}`, () => {
  const pending = journalEntries().slice(journalIndex(previousRelease().lastMigration) + 1);

  it('only expand the schema, or carry a reviewed contraction marker naming a release', () => {
    const problems = pending.map((entry) => judgeMigration(entry.tag, migrationSql(entry.tag), released).problem).filter(Boolean);
    expect(problems, problems.join('\n\n')).toEqual([]);
  });
});

describe('the contraction checker', () => {
  const flagged = (sql: string) => contractions(sql).map((found) => found.statement);

  it.each([
    ['ALTER TABLE "users" DROP COLUMN "nickname";'],
    ['DROP TABLE "old_things";'],
    ['DROP VIEW IF EXISTS user_totals;'],
    ['ALTER TABLE "users" RENAME COLUMN "nickname" TO "display_name";'],
    ['ALTER TABLE "things" RENAME TO "stuff";'],
    ['ALTER TYPE "status" RENAME VALUE \'on\' TO \'active\';'],
    ['ALTER TABLE "users" ALTER COLUMN "age" TYPE bigint;'],
    ['ALTER TABLE "users" ALTER COLUMN "age" SET DATA TYPE bigint USING age::bigint;'],
    ['ALTER TABLE "users" ALTER COLUMN "email" SET NOT NULL;'],
    ['ALTER TABLE "users" ALTER COLUMN "status" DROP DEFAULT;'],
    ['ALTER TABLE "users" ADD COLUMN "region" text NOT NULL;'],
    ['ALTER TABLE "users" ADD CONSTRAINT "users_age" CHECK (age > 0);'],
    ['ALTER TABLE "meetings" ADD CONSTRAINT "meetings_host_fk" FOREIGN KEY ("host_id") REFERENCES "users"("id");'],
    ['CREATE UNIQUE INDEX "users_phone" ON "users" USING btree ("phone");'],
  ])('flags %s', (sql) => {
    expect(flagged(sql)).toHaveLength(1);
  });

  it.each([
    ['a new table with its keys', 'CREATE TABLE "notes" ("id" uuid PRIMARY KEY, "user_id" uuid NOT NULL);--> statement-breakpoint\nALTER TABLE "notes" ADD CONSTRAINT "notes_user_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id");--> statement-breakpoint\nCREATE UNIQUE INDEX "notes_user" ON "notes" USING btree ("user_id");'],
    ['a nullable column', 'ALTER TABLE "users" ADD COLUMN "region" text;'],
    ['a required column with a default', 'ALTER TABLE "users" ADD COLUMN "region" text DEFAULT \'eu\' NOT NULL;'],
    ['a generated column', 'ALTER TABLE "users" ADD COLUMN "search" text GENERATED ALWAYS AS (lower(email)) STORED NOT NULL;'],
    ['a key on a column added with it', 'ALTER TABLE "payments" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint\nALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_fk" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id");'],
    ['a plain index', 'CREATE INDEX "users_region" ON "users" USING btree ("region");'],
    ['a unique index made again with more columns included', 'DROP INDEX "users_tenant_email";--> statement-breakpoint\nCREATE UNIQUE INDEX "users_tenant_email" ON "users" USING btree ("tenant_id","email") INCLUDE ("id");'],
    ['a new enum value', 'ALTER TYPE "status" ADD VALUE \'paused\';'],
    ['a function whose body drops and renames', "CREATE OR REPLACE FUNCTION f() RETURNS void AS $$ BEGIN EXECUTE 'DROP POLICY x ON t'; ALTER TABLE t RENAME TO u; END $$ LANGUAGE plpgsql;"],
    ['comments that talk of dropping', '-- The next release will DROP COLUMN nickname.\n/* RENAME later */\nALTER TABLE "users" ADD COLUMN "display_name" text;'],
  ])('allows %s', (_name, sql) => {
    expect(flagged(sql)).toEqual([]);
  });

  it('allows a contraction marked with a released version, and refuses a marker naming no release', () => {
    const drop = 'ALTER TABLE "users" DROP COLUMN "nickname";';
    expect(judgeMigration('0099_drop', drop, ['0.1.0']).problem).toMatch(/contracts the schema[\s\S]*DROP COLUMN "nickname"/);
    expect(judgeMigration('0099_drop', `-- contract: unused since 0.1.0 (reviewed: users.nickname, last read in 0.0.9)\n${drop}`, ['0.1.0']).problem).toBeNull();
    expect(judgeMigration('0099_drop', `-- contract: unused since 0.2.0\n${drop}`, ['0.1.0']).problem).toMatch(/not a release/);
  });

  it('finds the one contraction of the migrations before the first release: 0017 made an existing column unique', () => {
    const found = journalEntries().flatMap((entry) => contractions(migrationSql(entry.tag)).map((contraction) => `${entry.tag}: ${contraction.statement}`));
    expect(found).toEqual(['0017_billing_engine: CREATE UNIQUE INDEX "payment_transactions_reference" ON "payment_transactions" USING btree ("reference")']);
  });
});

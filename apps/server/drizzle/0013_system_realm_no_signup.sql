-- Self sign-up in the platform realm made members of the super administrator's own tenant. The
-- platform realm never offers it by default now (src/db/seed.ts); installations seeded before this
-- change get the same default. A platform that wants it can switch it on again in its settings.
UPDATE "tenants" SET "signup_normal" = false, "signup_social" = false WHERE "sname" = 'system';

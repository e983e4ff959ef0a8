// The same tests against a real PostgreSQL server: each file gets its own database on the server
// named by TEST_DATABASE_URL (the CI script starts one), created and dropped by test/harness.ts.
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';

if (!process.env.TEST_DATABASE_URL) {
  throw new Error('vitest.pg.config.ts needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:54329/postgres');
}

// Two files at a time: CI runs this step alone, and Vitest's default on two cores is one worker
// (cores - 1), which leaves a core idle while a file waits for PostgreSQL (207 s against 292 s).
export default mergeConfig(base, defineConfig({ test: { env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL }, maxWorkers: 2 } }));

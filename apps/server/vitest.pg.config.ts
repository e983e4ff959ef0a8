// The same tests against a real PostgreSQL server: each file gets its own database on the server
// named by TEST_DATABASE_URL (the CI script starts one), created and dropped by test/harness.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';

if (!process.env.TEST_DATABASE_URL) {
  throw new Error('vitest.pg.config.ts needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:54329/postgres');
}

const root = dirname(fileURLToPath(import.meta.url));
const testDir = join(root, 'test');

/**
 * Whether a test module, or a test helper it imports, reads TEST_DATABASE_URL (test/harness.ts does).
 * A file that does not runs exactly as it does in the PGlite run, so running it again here only
 * costs time: a file's imports take about 4 s of CI's two cores.
 */
function usesDatabase(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  if (text.includes('TEST_DATABASE_URL')) return true;
  const imports = [...text.matchAll(/from '(\.{1,2}\/[^']+\.ts)'/g)].map((match) => resolve(dirname(file), match[1] ?? ''));
  return imports.some((imported) => imported.startsWith(testDir) && usesDatabase(imported, seen));
}

// The files under src/ are unit tests without a database; test/media/ runs in the netns step.
const databaseTests = readdirSync(testDir)
  .filter((name) => name.endsWith('.test.ts') && usesDatabase(join(testDir, name)))
  .map((name) => `test/${name}`);

const config = mergeConfig(base, defineConfig({ test: { env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL } } }));
// Set after merging: mergeConfig would add the list to the base's include instead of replacing it.
config.test = { ...config.test, include: databaseTests };
export default config;

// `main.ts --migrate-only` (`pnpm --filter @portal/server db:migrate`): operators migrate before rolling out a release (issue 29, §2).
import { sql } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/kernel/db/database.ts';
import { users } from '../src/kernel/db/schema.ts';

const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];

describe('--migrate-only', () => {
  it('migrates a fresh database and exits 0 without seeding or serving', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-migrate-only-'));
    try {
      const main = fileURLToPath(new URL('../src/app/main.ts', import.meta.url));
      // PORT 1: a server that tried to serve would fail to listen (or print its address), not exit 0.
      const child = spawn(process.execPath, ['--conditions=@portal/source', main, '--migrate-only'], {
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', PORT: '1', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      // A server that serves instead never exits: end it, and fail.
      const serving = setTimeout(() => child.kill('SIGKILL'), 60_000);
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      clearTimeout(serving);
      expect(code, output).toBe(0);
      expect(output).not.toContain('/portal/');
      expect(output).toMatch(/migrations applied/i);
      expect(existsSync(join(dir, 'portal.lock'))).toBe(false);

      const database = await openDatabase({ databaseUrl: null, dataDir: dir });
      try {
        // The last migration's column too: every migration ran.
        const [column] = rowsOf(await database.withPlatform((tx) => tx.execute(sql`select count(*)::int as n from information_schema.columns where table_name = 'recording_shares' and column_name = 'locked_at'`)));
        expect(column!.n).toBe(1);
        // The schema is there, the seed is not: the first real start seeds.
        expect(await database.withPlatform((tx) => tx.select().from(users))).toEqual([]);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

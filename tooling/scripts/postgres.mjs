// A throwaway PostgreSQL server for the test run: its own cluster in a temp dir, loopback only,
// trust auth, fsync off. initdb refuses to run as root, so as root it runs as `postgres`.
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, isRoot, runSync } from './lib.mjs';
import { postgresBinDir } from './system-packages.mjs';

function asOwner(args) {
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0], args.slice(1)];
}

function must(result, what) {
  if (result.status !== 0) throw new Error(`${what} failed:\n${result.stdout ?? ''}${result.stderr ?? ''}`);
}

export async function startPostgres() {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (Debian package postgresql).');
  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-'));
  if (isRoot()) {
    const id = runSync('id', ['-u', 'postgres']);
    const gid = runSync('id', ['-g', 'postgres']);
    chownSync(dir, Number(id.stdout), Number(gid.stdout));
  }
  const port = await freePort();
  const data = join(dir, 'data');
  const [cmd, args] = asOwner([`${bin}/initdb`, '-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  must(runSync(cmd, args), 'initdb');
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const [ctl, ctlArgs] = asOwner([`${bin}/pg_ctl`, '-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start']);
  must(runSync(ctl, ctlArgs), 'pg_ctl start');
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    stop() {
      const [stopCmd, stopArgs] = asOwner([`${bin}/pg_ctl`, '-D', data, '-m', 'fast', '-w', 'stop']);
      runSync(stopCmd, stopArgs);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// `npm run backup -- <dir>` and `npm run restore -- <dir>` (through bootstrap.mjs): the server's
// own command (apps/server/src/app/backup.ts) from its sources, with DATA_DIR, DATABASE_URL and the
// rest of the environment as the server reads them. npm runs scripts in the repository root: a
// relative directory is the one where the operator typed the command (INIT_CWD, set by npm).
import { resolve } from 'node:path';
import { run, serverArgs } from './lib.mjs';

const [flag, path, ...rest] = process.argv.slice(2);
if (!path) {
  console.error(`Usage: npm run ${flag.replace(/^--/, '')} -- <directory>`);
  process.exit(2);
}
process.exitCode = await run(process.execPath, [...serverArgs, flag, resolve(process.env.INIT_CWD ?? process.cwd(), path), ...rest]);

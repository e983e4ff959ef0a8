// `npm start`: build the portal and its component catalogue (cached by Turbo; the server serves it
// at /storybook/) and run the server on the embedded database.
import { join } from 'node:path';
import { pnpm, root, run, serverArgs } from './lib.mjs';

const built = await run(pnpm(), ['exec', 'turbo', 'run', 'build', 'build-storybook', '--filter=@portal/web', '--output-logs=errors-only']);
if (built !== 0) process.exit(built);

const env = { ...process.env, PORTAL_DIST: process.env.PORTAL_DIST ?? join(root, 'apps', 'portal', 'dist') };
process.exitCode = await run(process.execPath, serverArgs, { env });

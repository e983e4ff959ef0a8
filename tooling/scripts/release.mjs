// `pnpm release`: the portal as a self-contained folder (and, with --tar, a tarball) that runs with
// Node 24 and nothing else: what the image copies (deploy/Containerfile) and what the systemd unit
// runs (deploy/portal.service). The layout keeps the repository's, since the server finds its
// migrations and the built portal relative to its sources:
//
//   apps/server/     src/ and drizzle/ with production dependencies only (`pnpm deploy --prod`),
//                    among them @portal/contract with the contract it registers its routes from
//   apps/portal/dist the built portal (PORTAL_DIST's default)
//
// The server runs its TypeScript sources under Node 24 as in development, but without the
// `@portal/source` condition: the workspace packages it imports are copied into node_modules, where
// Node strips no types, so they resolve to their built dist/ instead.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pnpm, root, run } from './lib.mjs';

const { version } = JSON.parse(readFileSync(join(root, 'apps', 'server', 'package.json'), 'utf8'));
const { values: args } = parseArgs({
  options: {
    out: { type: 'string', default: join(root, 'release', `portal-${version}`) },
    tar: { type: 'boolean', default: false },
  },
});
const out = resolve(args.out);

async function must(what, cmd, argv) {
  const started = Date.now();
  const status = await run(cmd, argv);
  if (status !== 0) {
    console.error(`✖ ${what} failed (exit ${status})`);
    process.exit(status);
  }
  console.log(`✔ ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

await must('build the portal and the contract', pnpm(), ['exec', 'turbo', 'run', 'build', '--filter=@portal/web', '--filter=@portal/contract', '--output-logs=errors-only']);
rmSync(out, { recursive: true, force: true });
mkdirSync(dirname(out), { recursive: true });
// --legacy: pnpm 10's default deploy wants inject-workspace-packages for the whole workspace; the
// legacy one copies the workspace packages the server depends on just the same.
await must('production dependencies of the server', pnpm(), ['--filter', '@portal/server', 'deploy', '--prod', '--legacy', join(out, 'apps', 'server')]);
cpSync(join(root, 'apps', 'portal', 'dist'), join(out, 'apps', 'portal', 'dist'), { recursive: true });
for (const needed of ['apps/server/src/app/main.ts', 'apps/server/drizzle', 'apps/portal/dist/index.html', 'apps/server/node_modules/@portal/contract/dist/index.js', 'apps/server/node_modules/@portal/contract/src/generated/portal.json']) {
  if (!existsSync(join(out, needed))) {
    console.error(`✖ the release lacks ${needed}`);
    process.exit(1);
  }
}
console.log(`Release ${version} in ${out}`);

if (args.tar) {
  const tarball = `${out}.tar.gz`;
  await must(`tarball ${basename(tarball)}`, 'tar', ['-czf', tarball, '-C', dirname(out), basename(out)]);
}

// Fails when a published package's public files changed on this branch without a changeset that
// names the package. Published packages are the non-private ones (.changeset/README.md); their
// public files are what `files` in their package.json ships (tests and stories excluded).
//   node tooling/scripts/changeset-check.mjs [base]   (base: $CHANGESET_BASE, else origin/main)
// On main itself, or when the base cannot be found (a fresh clone without it), there is nothing
// to compare and the check passes, saying so.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';

const base = process.argv[2] ?? process.env.CHANGESET_BASE ?? 'origin/main';
const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });

if (git('rev-parse', '--verify', '--quiet', base).status !== 0) {
  console.log(`changeset-check: no ${base} to compare with, nothing to check`);
  process.exit(0);
}
const mergeBase = git('merge-base', base, 'HEAD').stdout.trim();
if (mergeBase === git('rev-parse', 'HEAD').stdout.trim()) {
  console.log(`changeset-check: HEAD is on ${base}, nothing to check`);
  process.exit(0);
}
const changed = git('diff', '--name-only', mergeBase).stdout.split('\n').filter(Boolean);

const published = readdirSync(join(root, 'packages'))
  .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8')) }))
  .filter(({ manifest }) => !manifest.private);

// Packages named by the changesets this branch adds or edits.
const named = new Set();
for (const file of changed.filter((path) => /^\.changeset\/[^/]+\.md$/.test(path) && !path.endsWith('README.md'))) {
  let text;
  try {
    text = readFileSync(join(root, file), 'utf8');
  } catch {
    continue; // deleted by `changeset version`
  }
  const front = text.split('---')[1] ?? '';
  for (const match of front.matchAll(/["']?(@[^"':\s]+)["']?\s*:/g)) named.add(match[1]);
}

const missing = [];
for (const { dir, manifest } of published) {
  const prefix = `packages/${dir}/`;
  const publicChange = changed.find((path) => {
    if (!path.startsWith(prefix)) return false;
    const inside = path.slice(prefix.length);
    if (/\.(test|stories|fixtures)\.[jt]sx?$/.test(inside)) return false;
    return inside === 'package.json' || inside === 'README.md' || inside.startsWith('src/');
  });
  if (publicChange && !named.has(manifest.name)) missing.push(`${manifest.name} (${publicChange})`);
}
if (missing.length) {
  console.error(`✖ Published packages changed without a changeset: ${missing.join(', ')}.\n  Run \`pnpm changeset\` and commit the file it writes.`);
  process.exit(1);
}
console.log(`changeset-check: every changed published package has a changeset (compared with ${base})`);

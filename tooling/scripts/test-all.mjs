// `npm test`: every check the project has, in the order that fails fastest. Each step runs even
// if an earlier one failed, so one run reports every problem; the exit status is non-zero if any
// step failed.
import { isRoot, pnpm, run } from './lib.mjs';
import { startPostgres } from './postgres.mjs';
import { ensureSystemPackages, onPath } from './system-packages.mjs';

const strict = process.env.CI === 'true' || process.env.CI === '1';
const missing = ensureSystemPackages();
const results = [];
/** The running step's output, kept so that the summary can quote why a step failed. */
let kept = [];
const runKept = (cmd, args, options = {}) => run(cmd, args, { ...options, kept });

async function step(name, fn) {
  const started = Date.now();
  console.log(`\n━━ ${name}`);
  kept = [];
  let status;
  try {
    status = await fn();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    status = 1;
  }
  results.push({ name, status, seconds: Math.round((Date.now() - started) / 1000), failures: status === 0 ? [] : failureLines(kept.join('')) });
}

/**
 * A failed step's lines that say what failed (the test runners' FAIL, ✘ and × lines, errors,
 * assertions), each with the two lines after it: CI shows only the end of a run's output, and a
 * failure printed early in a long step would otherwise be out of sight.
 */
function failureLines(output) {
  // eslint-disable-next-line no-control-regex -- the colour codes' escape character
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const quoted = new Set();
  lines.forEach((line, index) => {
    if (/\bFAIL\b|✖|✘|×|\bError\b|AssertionError|\bfailed\b|^\s+\d+\) /.test(line)) [index, index + 1, index + 2].forEach((i) => quoted.add(i));
  });
  return [...quoted].filter((i) => i < lines.length).slice(-80).map((i) => lines[i]);
}

const turbo = (...tasks) => runKept(pnpm(), ['exec', 'turbo', 'run', ...tasks, '--output-logs=errors-only', '--concurrency=2', '--continue']);

await step('Contract: openapi/portal.yaml is the bundle of openapi/src, generated API types match it', async () => {
  // `generate` bundles first (turbo.json), so a stale bundle or stale types both show as a diff.
  const generated = await turbo('generate');
  if (generated !== 0) return generated;
  return runKept('git', ['diff', '--exit-code', '--stat', '--', 'openapi/portal.yaml', 'packages/contract/src/generated']);
});
await step('Translations: catalogs complete in en, fr, ar, uz', () => runKept(process.execPath, ['tooling/scripts/i18n-check.mjs']));
await step('Changesets: a branch that changes a published package (contract, api-client, ui-kit) adds a changeset', () =>
  runKept(process.execPath, ['tooling/scripts/changeset-check.mjs']),
);
await step('Lint, typecheck, unit + component + story tests', async () => {
  const packages = await turbo('lint', 'typecheck', 'test', '--filter=!@portal/server');
  const server = await turbo('lint', 'typecheck', '--filter=@portal/server');
  return packages || server;
});
// Alone, not beside other turbo tasks: the server's tests run two files at a time, one per core.
await step('Server tests on PGlite', () => turbo('test', '--filter=@portal/server'));
await step('Build: packages, portal, Storybook; publint', () => turbo('build', 'build-storybook', 'publint'));
await step('Bundle budget: initial JS ≤ 180 KB, CSS ≤ 40 KB gzip', () => runKept(process.execPath, ['tooling/scripts/bundle-size.mjs']));
if (missing.includes('chromium')) {
  results.push({ name: 'Storybook and packed packages in headless Chromium', status: strict ? 1 : 'skipped', seconds: 0 });
} else {
  await step('Storybook: every built story plays in Chromium (known failures listed in tooling/scripts/storybook-known-failures.txt)', () =>
    runKept(process.execPath, ['tooling/scripts/storybook-test.mjs']),
  );
  await step('Packages: packed ui-kit and api-client install into a new Vite app, type-check under nodenext, build, render', () =>
    runKept(process.execPath, ['tooling/scripts/pack-test.mjs']),
  );
}

if (missing.includes('postgresql')) {
  results.push({ name: 'Server tests on PostgreSQL', status: strict ? 1 : 'skipped', seconds: 0 });
} else {
  await step('Server tests on PostgreSQL', async () => {
    const pg = await startPostgres();
    try {
      return await runKept(pnpm(), ['--filter', '@portal/server', 'run', 'test:pg'], { env: { ...process.env, TEST_DATABASE_URL: pg.url } });
    } finally {
      pg.stop();
    }
  });
}

if (missing.includes('chromium')) {
  results.push({ name: 'End-to-end in headless Chromium', status: strict ? 1 : 'skipped', seconds: 0 });
} else {
  await step('End-to-end in headless Chromium', () => runKept(process.execPath, ['tooling/scripts/e2e.mjs']));
}

// WebRTC media may only flow on loopback, inside a network namespace of its own (unshare needs
// root): the meeting room through the built portal page and the bare janus.js client.
const meetingStep = 'Meeting in two browsers on a real Janus (portal room page), in a loopback-only network namespace';
const meetingMissing = ['chromium', 'janus', 'gcc'].filter((p) => missing.includes(p));
if (meetingMissing.length > 0) {
  results.push({ name: meetingStep, status: strict ? 1 : 'skipped', seconds: 0, why: `missing ${meetingMissing.join(', ')}` });
} else if (!isRoot() || !onPath('unshare')) {
  console.warn(`\n! ${meetingStep}: skipped, it needs root and unshare to make a network namespace (CI runs as root).`);
  results.push({ name: meetingStep, status: 'skipped', seconds: 0, why: 'needs root and unshare for a network namespace' });
} else {
  await step(meetingStep, () => runKept('bash', ['apps/server/test/media/run-in-netns.sh']));
}

console.log('\n━━ Summary');
for (const r of results) {
  const mark = r.status === 0 ? '✔' : r.status === 'skipped' ? '-' : '✖';
  console.log(`${mark} ${r.name} (${r.seconds}s)${r.status === 'skipped' ? ` skipped: ${r.why ?? 'missing system package'}` : ''}`);
}
for (const r of results.filter((result) => result.failures?.length)) {
  console.log(`\n━━ Why "${r.name}" failed (its output's lines that say so)`);
  for (const line of r.failures) console.log(line);
}
process.exit(results.some((r) => r.status !== 0 && r.status !== 'skipped') ? 1 : 0);

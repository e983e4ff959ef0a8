// The published packages as another team would use them: builds and packs @portal/contract,
// @portal/api-client and @portal/ui-kit, checks their types with arethetypeswrong, installs the
// tarballs with npm (from the registry, the newest versions in range) into a throw-away Vite app OUTSIDE the workspace, type-checks the app under
// `moduleResolution: nodenext` (a declaration that resolved to `any` fails a @ts-expect-error),
// builds it and opens it in Debian's Chromium: the DataTable must show English words, never
// hashed message ids, and the api-client must reach its configured base URL. A Node program of
// the app uses @portal/contract/validate: it must find the contract shipped in the package.
//   node tooling/scripts/pack-test.mjs [--keep]
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { pnpm, root } from './lib.mjs';

const keep = process.argv.includes('--keep');
const packages = ['contract', 'api-client', 'ui-kit'];
const work = mkdtempSync(join(tmpdir(), 'portal-pack-'));
const tarballs = join(work, 'tarballs');
const app = join(work, 'app');
mkdirSync(tarballs);
mkdirSync(join(app, 'src'), { recursive: true });

function must(cmd, args, options = {}) {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`✖ ${cmd} ${args.join(' ')} failed (exit ${result.status}); the app is kept in ${work}`);
    process.exit(result.status ?? 1);
  }
}

// 1. Build and pack (pack turns workspace:/catalog: ranges into real versions).
for (const name of packages) {
  must(pnpm(), ['--filter', `@portal/${name}`, 'run', 'build'], { cwd: root });
  must(pnpm(), ['pack', '--pack-destination', tarballs], { cwd: join(root, 'packages', name) });
}
const tarball = (name) => `file:${join(tarballs, readdirSync(tarballs).find((file) => file.startsWith(`portal-${name}-`)))}`;
// Are the types wrong? Every entry point's declarations must resolve for ESM importers under node16
// and bundler resolution (the packages are ESM only, so CommonJS `require` is not a target).
for (const name of packages) must(join(root, 'node_modules', '.bin', 'attw'), [tarball(name).slice('file:'.length), '--profile', 'esm-only', '--format', 'table-flipped']);

// 2. A new Vite app with its own dependencies, no workspace link anywhere.
// The versions the portal itself uses, as the lowest of each range: npm installs the newest in it.
const version = (name) => {
  const manifest = [join(root, 'apps', 'portal', 'node_modules', name, 'package.json'), join(root, 'node_modules', name, 'package.json')].find((path) => existsSync(path));
  if (!manifest) throw new Error(`${name} is not installed in the workspace`);
  return JSON.parse(readFileSync(manifest, 'utf8')).version;
};
const fromPortal = ['react', 'react-dom', '@mantine/core', '@mantine/hooks', '@mantine/notifications', '@lingui/core', '@lingui/react', 'vite', '@vitejs/plugin-react', 'typescript', '@types/react', '@types/react-dom'];
const deps = Object.fromEntries(fromPortal.map((name) => [name, `^${version(name)}`]));
writeFileSync(
  join(app, 'package.json'),
  JSON.stringify(
    {
      name: 'pack-test-app',
      private: true,
      type: 'module',
      dependencies: { ...deps, '@portal/contract': tarball('contract'), '@portal/api-client': tarball('api-client'), '@portal/ui-kit': tarball('ui-kit') },
    },
    null,
    2,
  ),
);
writeFileSync(
  join(app, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: {
      target: 'ES2023', lib: ['ES2023', 'DOM', 'DOM.Iterable'], module: 'nodenext', moduleResolution: 'nodenext',
      jsx: 'react-jsx', strict: true, noEmit: true, skipLibCheck: true, types: [],
    },
    include: ['src'],
  }),
);
writeFileSync(join(app, 'src', 'vite-env.d.ts'), "declare module '*.css';\n");
// What the API answers at /health, for the validators below and the page's server in step 4.
const healthAnswer = { status: 'ok', version: '4.4.0', build: 'x', database: 'pglite', maintenance: false };
// A Node program beside the page (type-checked with it, not bundled into it): the contract's
// validators on the copy of openapi/portal.yaml the package ships (src/generated/portal.json).
writeFileSync(
  join(app, 'src', 'validate.ts'),
  `import { createSpecValidators, listOperations, loadSpec } from '@portal/contract/validate';

const spec = loadSpec();
const operations = listOperations(spec);
const validators = createSpecValidators(spec);
const health = operations.find((operation) => operation.operationId === 'getHealth');
const login = operations.find((operation) => operation.operationId === 'loginUser');
if (!health || !login) throw new Error('getHealth or loginUser is missing from the shipped contract');
const problems = validators.response(health, 200, ${JSON.stringify(healthAnswer)});
if (problems.length > 0) throw new Error(\`getHealth's answer does not match: \${problems.join('; ')}\`);
const errors = validators.request(login, 'body')({ email: 42 });
if (!errors.some((error) => error.field === 'email')) throw new Error(\`no field error for email: \${JSON.stringify(errors)}\`);
console.log(\`@portal/contract/validate: \${operations.length} operations in the shipped contract, a wrong email gives \${JSON.stringify(errors[0])}\`);
`,
);
writeFileSync(join(app, 'index.html'), '<!doctype html><html lang="en"><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>\n');
writeFileSync(join(app, 'vite.config.js'), "import react from '@vitejs/plugin-react';\nexport default { plugins: [react()] };\n");
// The README's setup, word for word in spirit: Mantine's styles and provider, Lingui's provider
// with English activated and no catalog of the app's own.
writeFileSync(
  join(app, 'src', 'main.tsx'),
  `import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { i18n, setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createRoot } from 'react-dom/client';
import { createApiClient, ok, type Schema } from '@portal/api-client';
import { createDataTableColumnHelper, createPortalTheme, DataTable } from '@portal/ui-kit';
import { messages as french } from '@portal/ui-kit/locales/fr';

type Person = { id: string; name: string };
const column = createDataTableColumnHelper<Person>();
const columns = column.columns([column.accessor('name', { header: 'Name' })]);

// @ts-expect-error: a typed export refuses a wrong prop (were the declarations unresolved, DataTable would be any and this line would not error)
const wrong = <DataTable label={42} />;
void wrong;

const health: Schema<'Health'> | undefined = undefined;
void health;

i18n.loadAndActivate({ locale: 'en', messages: {} });
// ui-kit's own compiled French catalog, in a second Lingui instance.
const fr = setupI18n({ locale: 'fr', messages: { fr: french } });
const client = createApiClient({ baseUrl: '/api/v1', credentials: 'include' });
void ok(client.GET('/health')).then((answer) => document.body.setAttribute('data-health', answer.status)).catch(() => document.body.setAttribute('data-health', 'failed'));

createRoot(document.getElementById('root')!).render(
  <MantineProvider theme={createPortalTheme()}>
    <I18nProvider i18n={i18n}>
      <DataTable<Person>
        label="People"
        columns={columns}
        data={[{ id: '1', name: 'Ada Lovelace' }]}
        getRowId={(person) => person.id}
        emptyText="Nobody yet"
        search={{ value: '', onChange: () => {} }}
        paging={{ hasNext: true, hasPrevious: false, onNext: () => {}, onPrevious: () => {}, pageSize: 25, onPageSizeChange: () => {} }}
      />
    </I18nProvider>
    <I18nProvider i18n={fr}>
      <DataTable<Person> label="Personnes" columns={columns} data={[]} getRowId={(person) => person.id} emptyText="Personne" paging={{ hasNext: true, hasPrevious: false, onNext: () => {}, onPrevious: () => {}, pageSize: 25 }} />
    </I18nProvider>
  </MantineProvider>,
);
`,
);

// 3. Install as another team would: npm from the registry, the three tarballs by path. npm picks
// the newest Mantine, Lingui and React within the app's ranges and refuses unmet peers of ui-kit.
const modules = join(app, 'node_modules');
must(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: app });
const installedVersion = (name) => JSON.parse(readFileSync(join(modules, name, 'package.json'), 'utf8')).version;
console.log(`Installed @mantine/core ${installedVersion('@mantine/core')}, @lingui/core ${installedVersion('@lingui/core')}, react ${installedVersion('react')}`);
must(process.execPath, [join(modules, 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], { cwd: app });
must(process.execPath, [join(modules, 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: app });
must(process.execPath, [join('src', 'validate.ts')], { cwd: app });

// 4. Open the built app in Chromium, with the API's health answered at the configured base URL.
const dist = join(app, 'dist');
const server = createServer((request, response) => {
  if (request.url === '/api/v1/health') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(healthAnswer));
    return;
  }
  const path = join(dist, request.url === '/' ? 'index.html' : request.url.split('?')[0]);
  if (!path.startsWith(dist) || !existsSync(path) || statSync(path).isDirectory()) return void response.writeHead(404).end();
  response.writeHead(200, { 'content-type': { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }[extname(path)] ?? 'application/octet-stream' });
  createReadStream(path).pipe(response);
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const failures = [];
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.getByRole('table', { name: 'People' }).waitFor({ timeout: 15_000 });
  await page.waitForFunction(() => document.body.dataset.health !== undefined);
  const text = await page.evaluate(() => document.body.innerText);
  const health = await page.evaluate(() => document.body.dataset.health);
  // ui-kit's own words (DataTable's search placeholder and paging), from its shipped messages.
  if (!text.includes('Ada Lovelace')) failures.push('the row "Ada Lovelace" is not shown');
  if (!(await page.getByRole('searchbox', { name: 'Search' }).count())) failures.push('no "Search" box (ui-kit message missing)');
  if (!(await page.getByRole('button', { name: 'Next page' }).count())) failures.push('no "Next page" button (ui-kit message missing)');
  if (!(await page.getByRole('button', { name: 'Page suivante' }).count())) failures.push('no "Page suivante" button (ui-kit/locales/fr not applied)');
  if (health !== 'ok') failures.push(`api-client's health call answered ${health}`);
  if (errors.length) failures.push(...errors.map((e) => `page error: ${e}`));
} finally {
  await browser.close();
  server.close();
}
if (failures.length) {
  console.error(`✖ The packed packages do not work in a new app (kept in ${work}):\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('✔ Packed ui-kit, api-client and contract install with npm into a new Vite app, type-check under nodenext, build, and render English words (and French from ui-kit\'s own catalog) in Chromium; contract/validate validates against its shipped contract in Node');
if (!keep) rmSync(work, { recursive: true, force: true });

import type { Phase } from '../src/system/index.ts';
import type { FastifyServerOptions } from 'fastify';
// Starts the real server on a random port over a fresh database for one test file: PGlite in a
// temporary directory, or, when TEST_DATABASE_URL is set, a new uniquely named database on that
// PostgreSQL server (dropped on close). Tenants `system`, `acme` and `globex` are seeded with one
// user per role (`<role>@<tenant>.test`, password `Passw0rd!`). Requests go over real HTTP with the
// Host header choosing the tenant, and every answer of an API operation is checked against the
// contract, so a handler that drifts from openapi/portal.yaml fails the test that called it.
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { FastifyInstance } from 'fastify';
import { roleNames } from '../src/kernel/access/permissions.ts';
import { hashPassword } from '../src/kernel/crypto/passwords.ts';
import { loadConfig, type ServerConfig } from '../src/kernel/config.ts';
import { migrationsFolder, openDatabase, type AppDatabase } from '../src/kernel/db/database.ts';
import { insertTenant, type NewTenantUser } from '../src/tenants/insert-tenant.ts';
import { buildApp } from '../src/app/app.ts';
import type { JobClock } from '../src/kernel/jobs/index.ts';
import type { OperationHandlers, OperationId } from '../src/kernel/http/handler.ts';
import type { MediaPlatform } from '../src/media/index.ts';
import { apiPrefix, listOperations, type OperationSpec } from '../src/kernel/http/openapi.ts';
import { createSpecValidators } from '../src/kernel/http/schema-validation.ts';

export const testPassword = 'Passw0rd!';
export const testTenants = ['system', 'acme', 'globex'] as const;
export type TestTenant = (typeof testTenants)[number];
export const acmeClient = { clientId: 'acme-client', secret: 'Client-Secret-1234' } as const;

/** `<role>@<tenant>.test`, e.g. `userEmail('acme', 'admin')` → `admin@acme.test`. */
export const userEmail = (tenant: string, role: string) => `${role}@${tenant}.test`;

export type TestSession = { cookie: string; csrfToken: string; secret: string };

export type TestResponse = {
  status: number;
  headers: IncomingHttpHeaders;
  /** Parsed JSON for JSON answers, else the text. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read whatever the server answered
  text: string;
};

export type RequestOptions = {
  /** JSON-encoded unless `rawBody` is given. */
  body?: unknown;
  rawBody?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  session?: TestSession;
  /** Send the session's X-CSRF-Token on unsafe methods (default true). */
  csrf?: boolean;
  /** Overrides the Host header (default `<tenant>.portal.test:<port>`). */
  host?: string;
};

export type TestServer = {
  baseUrl: string;
  port: number;
  app: FastifyInstance;
  database: AppDatabase;
  config: ServerConfig;
  kind: 'pglite' | 'postgres';
  /** `path` is relative to /api/v1 unless it starts with /api/, /portal or is `/`. */
  request: (tenant: string, method: string, path: string, options?: RequestOptions) => Promise<TestResponse>;
  /** Signs in and returns the cookies and CSRF token; fails the test when sign-in fails. */
  login: (tenant: string, email: string, password?: string) => Promise<TestSession>;
  /** Throws unless `body` matches the contract's schema for that operation and status. */
  expectMatchesSpec: (operationId: OperationId, status: number, body: unknown, mediaType?: string) => void;
  ids: {
    tenants: Record<TestTenant, string>;
    /** User id by email. */
    users: Record<string, string>;
    /** Role id by tenant, then role name. */
    roles: Record<TestTenant, Record<string, string>>;
    devClients: Record<string, string>;
  };
  close: () => Promise<void>;
};

export type StartTestServerOptions = {
  config?: Partial<ServerConfig>;
  /** Replaces operation handlers, e.g. to provoke an answer the real handler never gives. */
  handlers?: OperationHandlers;
  /** Fastify logger options (tests of what the server logs); off by default. */
  logger?: FastifyServerOptions['logger'];
  /** The media platform meetings run on (default: none configured); closed with the server. */
  media?: MediaPlatform;
  /** The job queue's clock (default: the real one); `app.jobs.runDue()` runs what is due by it. */
  clock?: JobClock;
  /** The process's phase at start (app.lifecycle): 'migrating' as main.ts starts. */
  phase?: Phase;
  /**
   * Serve this database and data directory as they are (a restored backup): nothing is seeded, `ids`
   * is empty, and close leaves both in place.
   */
  existing?: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>;
};

const validators = createSpecValidators();
const operations = listOperations(validators.spec);

function findOperation(method: string, path: string): OperationSpec | undefined {
  const pathname = path.split('?')[0] ?? '';
  if (!pathname.startsWith(`${apiPrefix}/`)) return undefined;
  const relative = pathname.slice(apiPrefix.length);
  return operations.find((operation) => {
    if (operation.method !== method.toUpperCase()) return false;
    const pattern = new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    return pattern.test(relative);
  });
}

/**
 * Every answer must carry a status its operation declares, with a body that matches what it declares
 * for that status. The statuses shared request handling answers for any operation (bad input, unknown
 * tenant, 413, 415, 431, maintenance, 500 …) are declared too: openapi/src/portal.yaml's
 * `x-shared-responses`, spread onto each operation by `pnpm contract:bundle`. No allow-list.
 */
function checkAgainstSpec(operation: OperationSpec, status: number, mediaType: string | undefined, body: unknown): string[] {
  if (!operation.responses[String(status)]) {
    return [`undeclared status ${status}: ${operation.operationId} declares only ${Object.keys(operation.responses).join(', ')}`];
  }
  return validators.response(operation, status, body, mediaType);
}

/** One HTTP request to 127.0.0.1:`port`, answered as text (also for servers the harness did not start). */
export function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  payload: string | Buffer | undefined,
): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

let passwordHash: Promise<string> | undefined;

function seedUsers(tenant: TestTenant, hash: string): NewTenantUser[] {
  const roles = roleNames.filter((role) => role !== 'superadmin' || tenant === 'system');
  const users: NewTenantUser[] = roles.map((role) => ({
    email: userEmail(tenant, role),
    firstName: role.charAt(0).toUpperCase() + role.slice(1),
    lastName: tenant.charAt(0).toUpperCase() + tenant.slice(1),
    roles: [role],
    passwordHash: hash,
  }));
  users.push(
    { email: userEmail(tenant, 'disabled'), firstName: 'Dora', lastName: 'Disabled', roles: ['member'], passwordHash: hash, status: 'disabled' },
    { email: userEmail(tenant, 'mustchange'), firstName: 'Max', lastName: 'Mustchange', roles: ['member'], passwordHash: hash, changePasswordOnSignIn: true },
  );
  return users;
}

/** Names a migrated template after the migrations it holds, so a changed migration builds a new one. */
function migrationsDigest(): string {
  const digest = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })) {
    if (file.isFile()) digest.update(file.name).update(readFileSync(join(file.parentPath, file.name)));
  }
  return digest.digest('hex').slice(0, 16);
}

/**
 * A migrated, never-used PGlite data directory, built once per migration set and copied for each
 * test server: initdb plus migrations take seconds, a copy takes milliseconds.
 */
async function pgliteTemplate(): Promise<string> {
  const template = join(tmpdir(), `portal-test-template-${migrationsDigest()}`);
  if (existsSync(join(template, 'pglite', 'PG_VERSION'))) return template;
  const building = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const database = await openDatabase({ databaseUrl: null, dataDir: building });
  await database.migrate();
  await database.close();
  try {
    renameSync(building, template);
  } catch {
    // Another test file finished the same template first; theirs is as good as ours.
    rmSync(building, { recursive: true, force: true });
  }
  return template;
}

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * The same on PostgreSQL: a migrated database that no one connects to, which each test database is
 * created from (`create database … template`, a file copy). Migrating every test database took
 * about a second each, over a hundred files.
 */
async function postgresTemplate(admin: postgres.Sql, serverUrl: string): Promise<string> {
  const template = `portal_test_template_${migrationsDigest()}`;
  const [found] = await admin`select 1 from pg_database where datname = ${template}`;
  if (found) return template;
  const building = `${template}_${randomBytes(4).toString('hex')}`;
  await admin.unsafe(`create database ${building}`);
  const database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, building), dataDir: tmpdir() });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  // The closed pool's backends may take a moment to leave, and a database in use cannot be renamed.
  for (let attempt = 0; ; attempt += 1) {
    try {
      await admin.unsafe(`alter database ${building} rename to ${template}`);
      return template;
    } catch (error) {
      const [done] = await admin`select 1 from pg_database where datname = ${template}`;
      if (done) break; // another test file finished the same template first; theirs is as good as ours
      if (attempt === 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await admin.unsafe(`drop database if exists ${building} with (force)`);
  return template;
}

export type TestDatabase = { database: AppDatabase; config: ServerConfig; drop: () => Promise<void> };

/** A fresh, migrated, empty database (PGlite, or a new database on TEST_DATABASE_URL); `drop` after closing it. */
/** A new empty database, migrated to the last migration (or only through those of `migrationsFolder`). */
export async function createTestDatabase(overrides: Partial<ServerConfig> = {}, migrationsFolder?: string): Promise<TestDatabase> {
  // A migrated template would already hold every migration: a partial run starts from nothing.
  const created = await createDatabase({ ...loadConfig({}), demo: false, ...overrides }, { empty: migrationsFolder !== undefined });
  try {
    await created.database.migrate(migrationsFolder);
  } catch (error) {
    await created.database.close();
    await created.drop();
    throw error;
  }
  return created;
}

async function createDatabase(baseConfig: ServerConfig, { empty = false } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `portal_test_${randomBytes(6).toString('hex')}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(empty ? `create database ${name}` : `create database ${name} template ${await postgresTemplate(admin, serverUrl)}`);
    const config = { ...baseConfig, databaseUrl: databaseUrl(serverUrl, name) };
    const database = await openDatabase(config);
    return {
      database,
      config,
      drop: async () => {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  if (!empty) cpSync(join(await pgliteTemplate(), 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  const config = { ...baseConfig, databaseUrl: null, dataDir };
  const database = await openDatabase(config);
  return { database, config, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** The tenants `system`, `acme` and `globex` with one user per role; their ids go into `ids`. */
async function seedTestTenants(database: AppDatabase, ids: TestServer['ids']): Promise<void> {
  passwordHash ??= hashPassword(testPassword);
  const hash = await passwordHash;
  const clientSecretHash = await hashPassword(acmeClient.secret);
  await database.withPlatform(async (tx) => {
    for (const tenant of testTenants) {
      const seeded = await insertTenant(tx, {
        sname: tenant,
        name: tenant === 'system' ? 'Platform' : `${tenant.charAt(0).toUpperCase()}${tenant.slice(1)} Corporation`,
        brandname: tenant === 'system' ? 'Video Portal' : `${tenant.charAt(0).toUpperCase()}${tenant.slice(1)} Meetings`,
        branding: tenant === 'acme' ? { themeLite: { primary: '#1d4ed8' }, brandUrl: 'https://acme.example' } : {},
        users: seedUsers(tenant, hash),
        devClients: tenant === 'acme' ? [{ name: 'Acme client', clientId: acmeClient.clientId, secretHash: clientSecretHash, role: 'admin' }] : [],
      });
      ids.tenants[tenant] = seeded.tenantId;
      ids.roles[tenant] = seeded.roleIds;
      Object.assign(ids.users, seeded.userIds);
      Object.assign(ids.devClients, seeded.devClientIds);
    }
  });
}

/** A database and data directory as they are; `drop` leaves them. */
async function openExisting(config: ServerConfig): Promise<TestDatabase> {
  return { database: await openDatabase(config), config, drop: async () => {} };
}

/** The cookies a response sets, by name. */
export function cookiesFrom(headers: IncomingHttpHeaders): Record<string, string> {
  const result: Record<string, string> = {};
  for (const line of headers['set-cookie'] ?? []) {
    const [pair] = line.split(';');
    const index = pair?.indexOf('=') ?? -1;
    if (pair && index > 0) result[pair.slice(0, index)] = decodeURIComponent(pair.slice(index + 1));
  }
  return result;
}

export async function startTestServer(options: StartTestServerOptions = {}): Promise<TestServer> {
  const baseConfig: ServerConfig = {
    ...loadConfig({}),
    port: 0,
    host: '127.0.0.1',
    demo: false,
    portalDist: join(tmpdir(), 'portal-test-no-dist'),
    ...options.config,
  };
  const { database, config, drop } = options.existing ? await openExisting({ ...baseConfig, ...options.existing }) : await createDatabase(baseConfig);
  try {
    await database.migrate();
    const ids: TestServer['ids'] = { tenants: {} as TestServer['ids']['tenants'], users: {}, roles: {} as TestServer['ids']['roles'], devClients: {} };
    if (!options.existing) await seedTestTenants(database, ids);

    const app = await buildApp({ config, database, handlers: options.handlers, logger: options.logger ?? false, ...(options.media ? { media: options.media } : {}), ...(options.clock ? { clock: options.clock } : {}), ...(options.phase ? { phase: options.phase } : {}) });
    // Port 0 (the default) lets the kernel choose; a test that must know it first (a local Janus posting its events here) picks one.
    await app.listen({ port: config.port, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const request: TestServer['request'] = async (tenant, method, path, requestOptions = {}) => {
      const fullPath = path === '/' || path.startsWith('/api/') || path.startsWith('/portal') ? path : `${apiPrefix}${path}`;
      const headers: Record<string, string> = { host: requestOptions.host ?? `${tenant}.portal.test:${port}`, ...requestOptions.headers };
      let payload: string | Buffer | undefined;
      if (requestOptions.rawBody !== undefined) {
        payload = requestOptions.rawBody;
        headers['content-type'] = requestOptions.contentType ?? 'application/octet-stream';
      } else if (requestOptions.body !== undefined) {
        payload = JSON.stringify(requestOptions.body);
        headers['content-type'] = requestOptions.contentType ?? 'application/json';
      }
      if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
      if (requestOptions.session) {
        headers.cookie = requestOptions.session.cookie;
        if (requestOptions.csrf !== false && !['GET', 'HEAD'].includes(method.toUpperCase())) headers['x-csrf-token'] = requestOptions.session.csrfToken;
      }
      const response = await send(port, method.toUpperCase(), fullPath, headers, payload);
      // What the handler does after answering (src/kernel/http/background-work.ts) is part of the request
      // for the tests, which look at its effects next.
      await app.backgroundWork.idle();
      const mediaType = response.headers['content-type']?.split(';')[0]?.trim();
      const isJson = mediaType === 'application/json' || mediaType?.endsWith('+json');
      const body: unknown = isJson && response.text ? JSON.parse(response.text) : response.text;
      const operation = findOperation(method, fullPath);
      if (operation && response.status !== 501) {
        const problems = checkAgainstSpec(operation, response.status, mediaType, response.text === '' ? undefined : body);
        if (problems.length > 0) {
          throw new Error(`${method} ${fullPath} → ${response.status} does not match the contract (${operation.operationId}):\n${problems.join('\n')}\n${response.text}`);
        }
      }
      return { status: response.status, headers: response.headers, body, text: response.text };
    };

    const login: TestServer['login'] = async (tenant, email, password = testPassword) => {
      const response = await request(tenant, 'POST', '/auth/login', { body: { email, password } });
      if (response.status !== 200 || response.body.change_password) {
        throw new Error(`Sign-in of ${email} at ${tenant} failed: ${response.status} ${response.text}`);
      }
      const cookies = cookiesFrom(response.headers);
      const secret = cookies.portal_session;
      const csrfToken = cookies.portal_csrf;
      if (!secret || !csrfToken) throw new Error(`Sign-in of ${email} set no session cookies`);
      return { cookie: `portal_session=${secret}; portal_csrf=${csrfToken}`, csrfToken, secret };
    };

    const expectMatchesSpec: TestServer['expectMatchesSpec'] = (operationId, status, body, mediaType = status >= 400 ? 'application/problem+json' : 'application/json') => {
      const operation = operations.find((candidate) => candidate.operationId === operationId);
      if (!operation) throw new Error(`No operation ${operationId} in the contract`);
      const problems = validators.response(operation, status, body, mediaType);
      if (problems.length > 0) throw new Error(`${operationId} ${status} does not match the contract:\n${problems.join('\n')}`);
    };

    let closed = false;
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      port,
      app,
      database,
      config,
      kind: database.kind,
      request,
      login,
      expectMatchesSpec,
      ids,
      close: async () => {
        if (closed) return;
        closed = true;
        await app.close();
        await database.close();
        await drop();
      },
    };
  } catch (error) {
    await database.close();
    await drop();
    throw error;
  }
}

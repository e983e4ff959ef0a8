// The OpenID provider of the end-to-end run: panva's oidc-provider on a loopback port with its
// development login and consent pages, and a setup step that adds it to the demo tenant `acme`
// through the portal's own API (addTenantSSO, signed in as acme's administrator). Any login typed
// at the provider is an account; `zoe` carries the verified email of acme's demo member Zoë Dupont,
// so signing in as `zoe` links to and signs in that user.
import { request } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './lib.mjs';

export const oidcAccounts = {
  zoe: { email: 'zoe.dupont@acme.test', email_verified: true, given_name: 'Zoë', family_name: 'Dupont' },
};

const client = { client_id: 'portal-e2e', client_secret: 'E2e-Oidc-Client-Secret' };

/** Starts the provider for a portal served at `http://<tenant>.portal.localhost:<portalPort>`. */
export async function startOidcProvider(portalPort) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        ...client,
        redirect_uris: [`http://acme.portal.localhost:${portalPort}/api/v1/auth/providers/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: (_ctx, id) => ({ accountId: id, claims: async () => ({ ...oidcAccounts[id], sub: id }) }),
    cookies: { keys: ['e2e-oidc-cookie-key'] },
  });
  const server = provider.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  // closeAllConnections: a browser's idle keep-alive sockets would otherwise hold close() open.
  return {
    issuer,
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
}

function call(portalPort, method, path, { body, cookie, csrf } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: portalPort,
        method,
        path,
        headers: {
          host: `acme.portal.localhost:${portalPort}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(cookie ? { cookie } : {}),
          ...(csrf ? { 'x-csrf-token': csrf } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Adds the provider to acme as its Google sign-in, the way a tenant administrator would. */
export async function configureAcmeProvider(portalPort, issuer, adminPassword) {
  const login = await call(portalPort, 'POST', '/api/v1/auth/login', { body: { email: 'admin@acme.test', password: adminPassword } });
  if (login.status !== 200) throw new Error(`acme admin sign-in failed: ${login.status} ${login.text}`);
  const cookies = (login.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]);
  const csrf = cookies.find((c) => c.startsWith('portal_csrf='))?.slice('portal_csrf='.length);
  const created = await call(portalPort, 'POST', '/api/v1/tenant/sso', {
    cookie: cookies.join('; '),
    csrf,
    body: { name: 'Google', kind: 'google', issuer, clientId: client.client_id, clientSecret: client.client_secret },
  });
  if (created.status !== 201) throw new Error(`adding the OpenID provider failed: ${created.status} ${created.text}`);
}

// A real OpenID provider (panva's oidc-provider) on a loopback port, for the external sign-in
// tests: its accounts are whatever the test puts in `accounts`, and `browse` walks its development
// login and consent pages the way a browser would, returning where the provider sends the browser
// back (the portal's callback URL with `code`, `state` and `iss`).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ClientMetadata } from 'oidc-provider';

/** Claims of an account; its `sub` is the key it is stored under, which is also its login. */
export type LoopbackAccount = {
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
  name?: string;
  groups?: string[];
};

export type LoopbackClient = { clientId: string; clientSecret: string; redirectUris: string[] };

export type LoopbackProvider = {
  issuer: string;
  /** By subject, which is also the login typed on the provider's login page. */
  accounts: Map<string, LoopbackAccount>;
  /**
   * Follows the authorization URL through the provider's login (as `login`) and consent pages
   * and returns the URL the provider redirects to at the end (the relying party's redirect URI).
   */
  browse: (authorizationUrl: string, login: string) => Promise<URL>;
  close: () => Promise<void>;
};

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export async function startLoopbackProvider(clients: LoopbackClient[]): Promise<LoopbackProvider> {
  let handler: Handler = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, LoopbackAccount>();

  const provider = new Provider(issuer, {
    clients: clients.map(
      (client): ClientMetadata => ({
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      }),
    ),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'groups'],
    },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => ({ ...accounts.get(id), sub: id }) };
    },
    cookies: { keys: ['loopback-provider-test-key'] },
    features: { devInteractions: { enabled: true } },
  });
  // The development pages of oidc-provider warn once per process; the tests know.
  provider.on('server_error', (_ctx, error) => console.error('loopback provider error', error));
  const callback = provider.callback();
  handler = (req, res) => void callback(req, res);

  const browse: LoopbackProvider['browse'] = async (authorizationUrl, login) => {
    const jar = new Map<string, string>();
    const remember = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const index = pair?.indexOf('=') ?? -1;
        if (!pair || index <= 0) continue;
        const name = pair.slice(0, index);
        const value = pair.slice(index + 1);
        if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(name);
        else jar.set(name, value);
      }
    };
    const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    let url = new URL(authorizationUrl);
    let body: URLSearchParams | undefined;
    for (let step = 0; step < 20; step += 1) {
      if (url.origin !== issuer) return url;
      const response = await fetch(url, {
        method: body ? 'POST' : 'GET',
        redirect: 'manual',
        headers: { cookie: cookieHeader(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body,
      });
      remember(response);
      body = undefined;
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        url = new URL(location, url);
        continue;
      }
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
      if (response.status !== 200 || !action || !prompt) throw new Error(`Unexpected provider page ${response.status} at ${url.href}: ${html.slice(0, 500)}`);
      body = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login, password: 'any' } : {}) });
      url = new URL(action.replace(/&amp;/g, '&'), url);
    }
    throw new Error('Too many steps at the provider');
  };

  return {
    issuer,
    accounts,
    browse,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// A local stand-in for Slack's Web API as far as the portal uses it (oauth.v2.access,
// chat.postMessage, auth.revoke) and its approval page (GET /oauth/v2/authorize approves at once), for the server tests (test/slack.test.ts) and the end-to-end run
// (tooling/scripts/e2e.mjs points the running server's SLACK_API_URL at it). A code Slack would
// hand back is `workspace:<team>:<user>` or `user:<team>:<user>`; anything else is `invalid_code`.
// Plain erasable TypeScript: Node runs it as is from the e2e script.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type SlackCall = { method: string; params: Record<string, string>; token: string | null };

/** Slack's Web API as far as the portal uses it: oauth.v2.access, chat.postMessage, auth.revoke. */
export function slackStandIn(client: { clientId: string; clientSecret: string; approvingUser?: string }) {
  const calls: SlackCall[] = [];
  let failPosts = 0;
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => resolve(body));
    });
  const server: Server = createServer((request, response) => {
    // The approval page: Slack sends the browser back with a code naming the team and the approving user.
    if (request.method === 'GET' && request.url?.startsWith('/oauth/v2/authorize')) {
      const query = new URL(request.url, 'http://slack.test').searchParams;
      const back = new URL(query.get('redirect_uri') ?? '');
      const kind = query.get('scope') ? 'workspace' : 'user';
      back.searchParams.set('code', `${kind}:${query.get('team') ?? ''}:${client.approvingUser ?? 'UADMIN'}`);
      back.searchParams.set('state', query.get('state') ?? '');
      response.writeHead(302, { location: back.toString() });
      response.end();
      return;
    }
    void read(request).then((body) => {
      const method = (request.url ?? '').replace(/^\/api\//, '');
      const params = Object.fromEntries(new URLSearchParams(body));
      const auth = request.headers.authorization;
      const token = auth?.startsWith('Bearer ') ? auth.slice(7) : (params.token ?? null);
      calls.push({ method, params, token });
      const answer = (value: object) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (method === 'oauth.v2.access') {
        if (params.client_id !== client.clientId || params.client_secret !== client.clientSecret) return answer({ ok: false, error: 'invalid_client_id' });
        const [kind, team, user] = (params.code ?? '').split(':');
        if (kind === 'workspace') return answer({ ok: true, access_token: `xoxb-${team}`, token_type: 'bot', scope: 'commands,chat:write,chat:write.public', bot_user_id: 'UBOT', team: { id: team, name: 'Team' }, authed_user: { id: user } });
        if (kind === 'user') return answer({ ok: true, team: { id: team, name: 'Team' }, authed_user: { id: user, scope: 'chat:write', access_token: `xoxp-${user}`, token_type: 'user' } });
        return answer({ ok: false, error: 'invalid_code' });
      }
      if (method === 'chat.postMessage') {
        if (failPosts > 0) {
          failPosts -= 1;
          return answer({ ok: false, error: 'internal_error' });
        }
        return answer({ ok: true, channel: params.channel, ts: '1.2' });
      }
      if (method === 'auth.revoke') return answer({ ok: true, revoked: true });
      return answer({ ok: false, error: 'unknown_method' });
    });
  });
  return {
    calls,
    failNextPosts: (count: number) => (failPosts = count),
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

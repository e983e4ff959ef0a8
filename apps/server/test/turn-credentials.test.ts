// TURN for participants behind NAT (issue 28 §3): with TURN_URL and TURN_SECRET, every join grant
// carries TURN credentials of its own by the TURN REST API scheme, and a real coturn (Debian's
// `coturn`, `use-auth-secret`) allocates a relay with them, refusing an altered or expired one.
// coturn listens on 127.0.0.1 only; turnutils_uclient and turnutils_peer (shipped with it) are the
// TURN client and the echo peer behind the relay.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/kernel/config.ts';
import { platformMeetingOptions } from '../src/meetings/options.ts';
import { turnCredentials, type TurnConfig } from '../src/media/turn.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';
import { standInMedia } from './media-stand-in.ts';
import { addMeeting, meetingBody } from './meetings-fixtures.ts';

const hasCoturn = spawnSync('sh', ['-c', 'command -v turnserver && command -v turnutils_uclient']).status === 0;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Whether coturn relays for these credentials: a TURN client allocates a relay with them and sends
 * a message through it to an echo peer (turnutils_peer), which must come back.
 */
function relays(port: number, peerPort: number, username: string, credential: string): boolean {
  const run = spawnSync('turnutils_uclient', ['-p', String(port), '-u', username, '-w', credential, '-n', '1', '-m', '1', '-c', '-e', '127.0.0.1', '-r', String(peerPort), '127.0.0.1'], { encoding: 'utf8', timeout: 20_000 });
  return run.status === 0 && /Total lost packets 0 \(0\.0+%\)/.test(`${run.stdout}${run.stderr}`);
}

describe('TURN configuration', () => {
  it('takes TURN_URL and TURN_SECRET together, with turn: or turns: URLs and a lifetime in seconds', () => {
    expect(loadConfig({}).media.turn).toBeNull();
    expect(loadConfig({ TURN_URL: 'turn:turn.example.com:3478, turns:turn.example.com:5349', TURN_SECRET: 's' }).media.turn).toEqual({
      urls: ['turn:turn.example.com:3478', 'turns:turn.example.com:5349'],
      secret: 's',
      ttlSeconds: 43_200,
    });
    expect(loadConfig({ TURN_URL: 'turn:t:3478', TURN_SECRET: 's', TURN_TTL_SECONDS: '600' }).media.turn?.ttlSeconds).toBe(600);
    expect(() => loadConfig({ TURN_URL: 'turn:t:3478' })).toThrow(/TURN_URL and TURN_SECRET/);
    expect(() => loadConfig({ TURN_SECRET: 's' })).toThrow(/TURN_URL and TURN_SECRET/);
    expect(() => loadConfig({ TURN_URL: 'https://t', TURN_SECRET: 's' })).toThrow(/turn: or turns:/);
  });
});

describe.skipIf(!hasCoturn)('TURN credentials on a real coturn', () => {
  const secret = 'portal-turn-test-secret';
  let turnPort: number;
  let turn: TurnConfig;
  let coturn: ChildProcess;
  let peer: ChildProcess;
  let peerPort: number;
  let server: TestServer;
  let host: TestSession;
  const clock = new Date();

  beforeAll(async () => {
    turnPort = await freePort();
    const relayFrom = 49_152 + (turnPort % 80) * 200;
    coturn = spawn(
      'turnserver',
      ['-n', '--listening-ip=127.0.0.1', '--relay-ip=127.0.0.1', `--listening-port=${turnPort}`, `--min-port=${relayFrom}`, `--max-port=${relayFrom + 199}`,
        '--use-auth-secret', `--static-auth-secret=${secret}`, '--realm=portal.test', '--no-cli', '--no-tls', '--no-dtls', '--fingerprint', '--allow-loopback-peers', '--log-file=stdout', '--simple-log', '--pidfile=/dev/null'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let log = '';
    coturn.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`coturn did not start:\n${log}`)), 10_000);
      const check = setInterval(() => {
        if (/listener opened on|Total General servers/.test(log)) {
          clearInterval(check);
          clearTimeout(timer);
          resolve();
        }
      }, 50);
    });
    peerPort = await freePort();
    peer = spawn('turnutils_peer', ['-L', '127.0.0.1', '-p', String(peerPort)], { stdio: 'ignore' });
    turn = { urls: [`turn:127.0.0.1:${turnPort}?transport=udp`], secret, ttlSeconds: 3600 };
    const media = standInMedia({ browser: { serverUrl: 'http://127.0.0.1:9/janus', iceServers: [{ urls: ['stun:stun.example.com:3478'] }], turn } });
    server = await startTestServer({ media, clock: () => clock });
    host = await server.login('acme', userEmail('acme', 'member'));
  });

  afterAll(async () => {
    await server?.close();
    coturn?.kill('SIGTERM');
    peer?.kill('SIGTERM');
  });

  it("hands each participant credentials of their own with the grant, which coturn relays for, and refuses altered ones", async () => {
    const meeting = await addMeeting(server, 'acme', host, meetingBody({ password: '246810', options: platformMeetingOptions }));
    expect((await server.request('acme', 'PUT', `/meetings/${meeting.id}/room`, { session: host })).status).toBe(200);
    const join = async (name: string) => {
      const res = await server.request('acme', 'POST', `/join/${meeting.meetingId}`, { body: { name, password: '246810' } });
      expect(res.status, res.text).toBe(200);
      return res.body as { iceServers: { urls: string[]; username?: string; credential?: string }[]; opaqueId: string };
    };
    const ann = await join('Ann Guest');
    const bob = await join('Bob Guest');
    // The static servers as they are, then the TURN servers with this participant's credentials.
    expect(ann.iceServers[0]).toEqual({ urls: ['stun:stun.example.com:3478'] });
    const annTurn = ann.iceServers[1];
    const bobTurn = bob.iceServers[1];
    expect(annTurn?.urls).toEqual(turn.urls);
    const expiry = Math.floor(clock.getTime() / 1000) + turn.ttlSeconds;
    expect(annTurn?.username).toMatch(new RegExp(`^${expiry}:guest-[0-9a-f-]{36}$`));
    expect(bobTurn?.username).not.toBe(annTurn?.username);
    expect(annTurn?.credential).not.toBe(bobTurn?.credential);

    expect(relays(turnPort, peerPort, annTurn?.username ?? '', annTurn?.credential ?? '')).toBe(true);
    expect(relays(turnPort, peerPort, bobTurn?.username ?? '', bobTurn?.credential ?? '')).toBe(true);
    // Another participant's password, or a username changed to live longer, gets no relay.
    expect(relays(turnPort, peerPort, annTurn?.username ?? '', bobTurn?.credential ?? '')).toBe(false);
    expect(relays(turnPort, peerPort, `${expiry + 86_400}${(annTurn?.username ?? '').slice(String(expiry).length)}`, annTurn?.credential ?? '')).toBe(false);
  });

  it('stops working at its expiry', () => {
    const expired = turnCredentials({ ...turn, ttlSeconds: 60 }, 'someone', new Date(Date.now() - 120_000));
    expect(relays(turnPort, peerPort, expired.username, expired.credential)).toBe(false);
    const fresh = turnCredentials({ ...turn, ttlSeconds: 60 }, 'someone', new Date());
    expect(relays(turnPort, peerPort, fresh.username, fresh.credential)).toBe(true);
  });
});

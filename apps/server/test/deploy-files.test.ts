// The deployment files in deploy/ (issue 29, §1), which no test here can run (no container engine):
// they must say what the server and its Janus need, in the names the README gives. The image
// itself is built and served by tooling/scripts/image-proof.mjs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { eventTypes, statsPeriodSeconds } from '../src/media/janus-config.ts';
import { configurationTable } from './readme-configuration.ts';

const deploy = (path: string) => readFileSync(new URL(`../../../deploy/${path}`, import.meta.url), 'utf8');

type Service = { image?: string; environment?: Record<string, string>; command?: string[]; stop_grace_period?: string };
const compose = parse(deploy('compose.yaml')) as { services: Record<string, Service> };
const portalReplicas = Object.entries(compose.services).filter(([, service]) => service.environment?.DATABASE_URL);
const portalEnv = portalReplicas[0]![1].environment!;
const janusEnv = compose.services.janus!.environment!;

/** The names a `${NAME…}` of compose's interpolation (or a template's) refers to. */
const interpolated = (value: string) => [...value.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]!);
/** A Janus configuration template's `key = value` (quotes dropped). */
function setting(template: string, key: string): string | undefined {
  return deploy(`janus/conf/${template}`).match(new RegExp(`^\\s*${key} = "?([^"\\n]*)"?$`, 'm'))?.[1];
}
const seconds = (duration: string) => Number(/^(\d+)s?$/.exec(duration)?.[1]);

describe('deploy/compose.yaml', () => {
  it('describes the whole stack, with two portal replicas', () => {
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['lb', 'postgres', 'janus', 'rabbitmq', 'coturn', 'minio']));
    expect(portalReplicas.map(([name]) => name)).toEqual(['portal-1', 'portal-2']);
  });

  it('sets only variables the README names, and the ones a replicated portal needs', () => {
    const documented = configurationTable();
    expect(Object.keys(portalEnv).filter((name) => !documented.has(name))).toEqual([]);
    for (const name of ['DATABASE_URL', 'PORTAL_SECRET_KEY', 'PUBLIC_URL', 'TRUST_PROXY', 'S3_BUCKET', 'RECORDING_UPLOADS_DIR', 'AMQP_URL', 'TURN_SECRET', 'JANUS_RECORDINGS_DIR']) {
      expect(portalEnv[name], name).toBeTruthy();
    }
    // The README: all three or none.
    expect(['JANUS_URL', 'JANUS_ADMIN_URL', 'JANUS_ADMIN_SECRET'].filter((name) => portalEnv[name])).toHaveLength(3);
  });

  it('gives both ends of each link the same secret and name', () => {
    expect(interpolated(janusEnv.JANUS_ADMIN_SECRET!)).toEqual(interpolated(portalEnv.JANUS_ADMIN_SECRET!));
    expect(interpolated(janusEnv.JANUS_ROOM_ADMIN_KEY!)).toEqual(interpolated(portalEnv.JANUS_ROOM_ADMIN_KEY!));
    expect(janusEnv.AMQP_QUEUE).toBe(portalEnv.AMQP_QUEUE);
    expect(portalEnv.AMQP_URL).toContain(`${janusEnv.AMQP_USER}:`);
    expect(interpolated(portalEnv.AMQP_URL!)).toEqual(interpolated(janusEnv.AMQP_PASSWORD!));
    const turnSecret = compose.services.coturn!.command!.find((argument) => argument.startsWith('--static-auth-secret='))!;
    expect(compose.services.coturn!.command).toContain('--use-auth-secret');
    expect(interpolated(turnSecret)).toEqual(interpolated(portalEnv.TURN_SECRET!));
  });

  it('lets a replica drain before it is killed', () => {
    for (const [name, service] of portalReplicas) expect(seconds(service.stop_grace_period!), name).toBeGreaterThan(Number(portalEnv.PORTAL_SHUTDOWN_DELAY_SECONDS) + 15);
  });
});

describe('deploy/janus', () => {
  const entrypoint = deploy('janus/entrypoint.sh');
  const substituted = entrypoint.match(/^names="([^"]*)"/m)![1]!.split(' ');
  const templates = ['janus.jcfg', 'janus.transport.http.jcfg', 'janus.plugin.videoroom.jcfg', 'janus.eventhandler.rabbitmqevh.jcfg'];

  it('fills in every variable its templates name, each set by compose', () => {
    const named = new Set(templates.flatMap((template) => interpolated(deploy(`janus/conf/${template}`))));
    expect([...named].sort()).toEqual([...substituted].sort());
    for (const name of substituted) expect(janusEnv[name], name).toBeTruthy();
  });

  it('is configured as the portal expects a node (README, JANUS_* and Running at scale)', () => {
    expect(setting('janus.jcfg', 'token_auth')).toBe('true');
    expect(setting('janus.jcfg', 'stats_period')).toBe(String(statsPeriodSeconds));
    expect(setting('janus.plugin.videoroom.jcfg', 'admin_key')).toBe('${JANUS_ROOM_ADMIN_KEY}');
    expect(setting('janus.eventhandler.rabbitmqevh.jcfg', 'events')).toBe(eventTypes);
    expect(setting('janus.eventhandler.rabbitmqevh.jcfg', 'route_key')).toBe('${AMQP_QUEUE}');
    expect(setting('janus.eventhandler.rabbitmqevh.jcfg', 'declare_outgoing_queue')).toBe('false');
    // The paths the portal's JANUS_URL and JANUS_ADMIN_URL name.
    expect(portalEnv.JANUS_URL).toBe(`http://janus:${setting('janus.transport.http.jcfg', 'port')}${setting('janus.transport.http.jcfg', 'base_path')}`);
    expect(portalEnv.JANUS_ADMIN_URL).toBe(`http://janus:${setting('janus.transport.http.jcfg', 'admin_port')}${setting('janus.transport.http.jcfg', 'admin_base_path')}`);
  });
});

describe('deploy/haproxy.cfg', () => {
  const haproxy = deploy('haproxy.cfg');

  it('balances the replicas on their readiness', () => {
    const servers = [...haproxy.matchAll(/^\s*server (\S+) (\S+):3000$/gm)].map((match) => match[2]);
    expect(servers).toEqual(portalReplicas.map(([name]) => name));
    expect(haproxy).toMatch(/http-check send meth GET uri \/api\/v1\/health\/ready$/m);
  });
});

describe('deploy/portal.service and portal.env.example', () => {
  const unit = deploy('portal.service');
  const envExample = deploy('portal.env.example');
  const exampleVariables = [...envExample.matchAll(/^#?\s?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);

  it('names only variables the README names', () => {
    const documented = configurationTable();
    const unitVariables = [...unit.matchAll(/\b([A-Z][A-Z0-9_]*)=/g)].map((match) => match[1]!);
    expect(exampleVariables.length).toBeGreaterThan(10);
    expect([...exampleVariables, ...unitVariables].filter((name) => !documented.has(name))).toEqual([]);
  });

  it('waits longer for the stop than the server drains', () => {
    const delay = Number(envExample.match(/^PORTAL_SHUTDOWN_DELAY_SECONDS=(\d+)$/m)![1]);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    expect(seconds(unit.match(/^TimeoutStopSec=(\S+)$/m)![1]!)).toBeGreaterThan(delay + 15);
  });
});

describe('deploy/Containerfile', () => {
  it('sets only variables the README names', () => {
    const envBlock = deploy('Containerfile').match(/^ENV ((?:.*\\\n)*.*)$/m)![1]!;
    const names = [...envBlock.matchAll(/([A-Z][A-Z0-9_]*)=/g)].map((match) => match[1]!);
    expect(names).toEqual(expect.arrayContaining(['NODE_ENV', 'DATA_DIR', 'HOST', 'PORT']));
    expect(names.filter((name) => !configurationTable().has(name))).toEqual([]);
  });
});

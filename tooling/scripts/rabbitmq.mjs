// A throwaway RabbitMQ broker (Debian's rabbitmq-server) for tests, the rig and benchmarks: its own
// node name, data and logs in a temp dir, AMQP, Erlang distribution and epmd on 127.0.0.1 only.
// `stop()` kills it and removes the dir; `restart()` stops and starts the same node on the same
// port and data, as an operator's restart does (durable queues and their messages survive).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './lib.mjs';

const SERVER = '/usr/lib/rabbitmq/bin/rabbitmq-server';

export const rabbitmqInstalled = () => existsSync(SERVER);

function reachable(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

export async function startRabbitmq({ timeoutMs = 60_000 } = {}) {
  if (!rabbitmqInstalled()) throw new Error('RabbitMQ is not installed (Debian package rabbitmq-server).');
  const dir = mkdtempSync(join(tmpdir(), 'portal-rabbitmq-'));
  const [port, distPort] = [await freePort(), await freePort()];
  const name = `portal${port}`;
  writeFileSync(join(dir, 'enabled_plugins'), '[].\n');
  // guest may sign in from anywhere (here: loopback only anyway); no management plugin.
  writeFileSync(join(dir, 'rabbitmq.conf'), `listeners.tcp.default = 127.0.0.1:${port}\nloopback_users = none\n`);
  const env = {
    ...process.env,
    HOME: dir,
    RABBITMQ_NODENAME: `${name}@localhost`,
    RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
    RABBITMQ_NODE_PORT: String(port),
    RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_MNESIA_BASE: join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: join(dir, 'log'),
    RABBITMQ_CONFIG_FILE: join(dir, 'rabbitmq'),
    RABBITMQ_ENABLED_PLUGINS_FILE: join(dir, 'enabled_plugins'),
    RABBITMQ_PID_FILE: join(dir, 'pid'),
    RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS: '-kernel inet_dist_use_interface {127,0,0,1}',
    ERL_EPMD_ADDRESS: '127.0.0.1',
  };
  let child;
  // However the caller ends (a test file that crashed, a killed run), the broker does not outlive it.
  const killOnExit = () => {
    try {
      if (child && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // gone
    }
  };
  process.once('exit', killOnExit);
  const launch = async () => {
    child = spawn(SERVER, [], { cwd: dir, env, stdio: 'ignore', detached: true });
    const deadline = Date.now() + timeoutMs;
    while (!(await reachable(port))) {
      if (child.exitCode !== null) throw new Error(`rabbitmq-server exited (${child.exitCode}); logs in ${join(dir, 'log')}`);
      if (Date.now() > deadline) throw new Error(`RabbitMQ did not listen on ${port} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const halt = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // The whole group: the shell wrapper and the Erlang VM under it.
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const killer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone
      }
    }, 15_000);
    await exited;
    clearTimeout(killer);
    while (await reachable(port)) await new Promise((resolve) => setTimeout(resolve, 100));
  };
  await launch();
  return {
    url: `amqp://guest:guest@127.0.0.1:${port}`,
    port,
    async restart() {
      await halt();
      await launch();
    },
    async stop() {
      await halt();
      process.removeListener('exit', killOnExit);
      rmSync(dir, { recursive: true, force: true });
      // epmd stays behind the last node; stop it when nothing else is registered.
      const names = spawnSync('epmd', ['-names'], { encoding: 'utf8' });
      if (names.status === 0 && !/^name /m.test(names.stdout)) spawnSync('epmd', ['-kill'], { stdio: 'ignore' });
    },
  };
}

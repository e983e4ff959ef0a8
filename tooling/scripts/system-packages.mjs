// Debian packages the tests need: Chromium for end-to-end and Storybook runs, PostgreSQL for the
// server suite on a real server, Janus (and gcc for the loopback ICE shim, and janus.js for the bare
// test client) for the meeting in two browsers, ffmpeg for mixing several publishers' recorded audio
// (the recording conversion tests), coturn for the TURN credentials a join grant carries, RabbitMQ
// for media events through a broker (Janus's RabbitMQ event handler is in the janus package). Installed
// with apt-get when missing and we may (root).
import { existsSync, readdirSync } from 'node:fs';
import { isRoot, runSync } from './lib.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** janus.js as Debian ships it (libjs-janus-gateway): the bare meeting client of apps/server/test/media loads it. */
const JANUS_JS = '/usr/share/javascript/janus-gateway/janus.js';
const RABBITMQ_SERVER = '/usr/lib/rabbitmq/bin/rabbitmq-server';

export function postgresBinDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(`${base}/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? `${base}/${versions[0]}/bin` : undefined;
}

/** Returns the list of packages still missing after trying to install them. */
export function ensureSystemPackages() {
  const wanted = [];
  if (!existsSync(CHROMIUM)) wanted.push('chromium');
  if (!postgresBinDir()) wanted.push('postgresql');
  if (!onPath('janus')) wanted.push('janus', 'janus-tools');
  if (!onPath('gcc')) wanted.push('gcc');
  if (!existsSync(JANUS_JS)) wanted.push('libjs-janus-gateway');
  if (!onPath('ffmpeg')) wanted.push('ffmpeg');
  if (!onPath('turnserver')) wanted.push('coturn');
  if (!existsSync(RABBITMQ_SERVER)) wanted.push('rabbitmq-server');
  if (wanted.length === 0) return [];
  if (!isRoot() || !existsSync('/usr/bin/apt-get')) {
    console.warn(`! Missing Debian packages (${wanted.join(', ')}) and cannot install them (needs root and apt-get).`);
    return wanted;
  }
  console.log(`Installing Debian packages: ${wanted.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  runSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  runSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...wanted], { stdio: 'inherit', env });
  return wanted.filter((p) => !installed(p));
}

function installed(pkg) {
  if (pkg === 'chromium') return existsSync(CHROMIUM);
  if (pkg === 'postgresql') return Boolean(postgresBinDir());
  if (pkg === 'janus-tools') return onPath('janus');
  if (pkg === 'libjs-janus-gateway') return existsSync(JANUS_JS);
  if (pkg === 'coturn') return onPath('turnserver');
  if (pkg === 'rabbitmq-server') return existsSync(RABBITMQ_SERVER);
  return onPath(pkg);
}

/** Whether an executable of that name is on PATH. */
export function onPath(name) {
  return (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(`${dir}/${name}`));
}

// A throwaway RabbitMQ broker for a test file (tooling/scripts/rabbitmq.mjs: Debian's
// rabbitmq-server on loopback, its own data dir), typed for the tests.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export type TestBroker = { url: string; port: number; restart: () => Promise<void>; stop: () => Promise<void> };

export const rabbitmqInstalled = existsSync('/usr/lib/rabbitmq/bin/rabbitmq-server');

export async function startTestBroker(): Promise<TestBroker> {
  const script = pathToFileURL(new URL('../../../tooling/scripts/rabbitmq.mjs', import.meta.url).pathname).href;
  const { startRabbitmq } = (await import(script)) as { startRabbitmq: () => Promise<TestBroker> };
  return startRabbitmq();
}

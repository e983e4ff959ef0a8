// Work a handler starts after it answered: forgot-password and the sign-up resend answer every
// address the same way, and must take the same time too, or how long they took would tell which
// addresses have accounts. So they answer first and look the address up afterwards. The app waits
// for this work before it closes, and tests wait with `idle()` before they look at its effects.
import type { FastifyBaseLogger } from 'fastify';

export type BackgroundWork = {
  /** Runs `work` after the current answer; a failure is logged, never thrown at the caller. */
  run: (label: string, work: () => Promise<unknown>) => void;
  /** Settles once every work started so far has ended. */
  idle: () => Promise<void>;
};

export function createBackgroundWork(log: FastifyBaseLogger): BackgroundWork {
  const running = new Set<Promise<unknown>>();
  return {
    run(label, work) {
      const done = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => log.error({ err: error, work: label }, 'background work failed'))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

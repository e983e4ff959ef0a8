// tus's lock on one upload, kept in the database (`upload_locks`) instead of the library's
// in-process MemoryLocker, so two requests for the same upload are exclusive across server replicas.
// The tus semantics stay: a request that finds the upload locked asks the holder to let go (a resumed
// upload after a broken connection must not wait for the dead request), the holder ends its request
// within tus's drain time, and the waiter goes on; one that cannot get the lock in time answers 423.
import type { Lock, Locker, RequestRelease } from '@tus/server';
import { and, eq, lt, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppDatabase } from '../kernel/db/database.ts';
import { uploadLocks } from '../kernel/db/schema.ts';

export type UploadLockTimings = {
  /** How long a request waits for the lock before answering 423 `upload_locked`. */
  waitMs: number;
  /** How long a lock outlives its holder's last renewal (a replica that died mid-request). */
  ttlMs: number;
  /** How often the holder renews the lock and looks for a request to let go. */
  renewMs: number;
  /** How often a waiting request tries again. */
  retryMs: number;
};

export const defaultUploadLockTimings: UploadLockTimings = { waitMs: 10_000, ttlMs: 15_000, renewMs: 1_000, retryMs: 100 };

/** An error the tus server answers with: its status, and our problem code and text as the body. */
export type TusError = { status_code: number; body: string };
export const tusError = (status: number, code: string, detail: string, errors?: { field: string; code: string; message: string }[]): TusError => ({
  status_code: status,
  body: JSON.stringify({ code, detail, ...(errors ? { errors } : {}) }),
});

const lockedError = () => tusError(423, 'upload_locked', 'Another request is working on this upload; try again in a moment.');

export class DatabaseLocker implements Locker {
  private readonly database: AppDatabase;
  private readonly timings: UploadLockTimings;

  constructor(database: AppDatabase, timings: UploadLockTimings = defaultUploadLockTimings) {
    this.database = database;
    this.timings = timings;
  }

  newLock(id: string): Lock {
    return new DatabaseLock(id, this.database, this.timings);
  }
}

class DatabaseLock implements Lock {
  private readonly holder = randomUUID();
  private renewal: NodeJS.Timeout | undefined;

  private readonly uploadId: string;
  private readonly database: AppDatabase;
  private readonly timings: UploadLockTimings;

  constructor(uploadId: string, database: AppDatabase, timings: UploadLockTimings) {
    this.uploadId = uploadId;
    this.database = database;
    this.timings = timings;
  }

  /** Takes the lock when it is free or its holder stopped renewing it; true when taken. */
  private async tryTake(): Promise<boolean> {
    const expiresAt = sql`now() + ${`${this.timings.ttlMs} milliseconds`}::interval`;
    const taken = await this.database.withPlatform((tx) =>
      tx
        .insert(uploadLocks)
        .values({ uploadId: this.uploadId, holder: this.holder, expiresAt })
        .onConflictDoUpdate({ target: uploadLocks.uploadId, set: { holder: this.holder, expiresAt, releaseRequested: false }, setWhere: lt(uploadLocks.expiresAt, sql`now()`) })
        .returning({ holder: uploadLocks.holder }),
    );
    return taken.length > 0;
  }

  private askRelease(): Promise<unknown> {
    return this.database.withPlatform((tx) => tx.update(uploadLocks).set({ releaseRequested: true }).where(eq(uploadLocks.uploadId, this.uploadId)));
  }

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.timings.waitMs;
    let asked = false;
    while (!(await this.tryTake())) {
      if (stopSignal.aborted || Date.now() >= deadline) throw lockedError();
      if (!asked) {
        await this.askRelease();
        asked = true;
      }
      await sleep(this.timings.retryMs);
    }
    this.renewal = setInterval(() => void this.renew(requestRelease), this.timings.renewMs);
    this.renewal.unref();
  }

  /** Keeps the lock alive; lets go early when another request asked for it (or it was lost). */
  private async renew(requestRelease: RequestRelease): Promise<void> {
    const expiresAt = sql`now() + ${`${this.timings.ttlMs} milliseconds`}::interval`;
    try {
      const [row] = await this.database.withPlatform((tx) =>
        tx
          .update(uploadLocks)
          .set({ expiresAt })
          .where(and(eq(uploadLocks.uploadId, this.uploadId), eq(uploadLocks.holder, this.holder)))
          .returning({ releaseRequested: uploadLocks.releaseRequested }),
      );
      if (!row || row.releaseRequested) await requestRelease();
    } catch {
      // The database is unreachable for a moment: the next renewal tries again, and the lock
      // expires on its own if this process cannot reach it any more.
    }
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    this.renewal = undefined;
    await this.database.withPlatform((tx) => tx.delete(uploadLocks).where(and(eq(uploadLocks.uploadId, this.uploadId), eq(uploadLocks.holder, this.holder))));
  }
}

// PGlite is one process's private database: two servers on one data directory would corrupt it.
// A lock file holding the owner's pid makes a second process fail at once with a message naming
// the first; a lock left by a process that no longer runs (kill -9, power loss) is taken over.
import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';

export type DataDirLock = { path: string; release: () => void };

export class DataDirLockedError extends Error {
  readonly pid: number;
  constructor(dir: string, pid: number) {
    super(
      `The data directory ${dir} is in use by another portal server (pid ${pid}). ` +
        'Stop that process first, or start this one with another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
    this.pid = pid;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export function lockDataDir(dir: string): DataDirLock {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'portal.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // `wx` creates the file only if it does not exist: atomic against a concurrent start.
      const fd = openSync(path, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (readPid(path) === process.pid) rmSync(path, { force: true });
      };
      // A crash still exits through here, so the next start does not even need the takeover.
      process.once('exit', release);
      return { path, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = readPid(path);
      if (pid !== null && isRunning(pid)) throw new DataDirLockedError(dir, pid);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${path}`);
}

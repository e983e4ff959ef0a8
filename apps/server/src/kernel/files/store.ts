import type { Readable } from 'node:stream';

// Uploaded files (profile pictures, brand images) by key, e.g. `brand/<tenant>/logoDark.png`:
// on disk under `<dataDir>/files` by default, in an S3-compatible bucket when S3_BUCKET is set,
// so several server replicas share them. Callers never see which.
/** Inclusive byte offsets, as in an HTTP Range header. */
export type ByteRange = { start: number; end: number };

export type FileStore = {
  /** Stores the bytes under `key`, replacing what was there; a reader never sees half a file. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /**
   * Stores the file at `sourcePath` (on this machine) under `key`, streamed, never read into memory
   * (recordings, uploads). The source is left in place; the caller removes it.
   */
  putFile(key: string, sourcePath: string, contentType: string): Promise<void>;
  /** Size in bytes of what is under `key`, or null when there is nothing. */
  size(key: string): Promise<number | null>;
  /**
   * A stream of the bytes under `key` from `range.start` to `range.end` inclusive (all when no
   * range; the caller checks the range against `size`), or null when there is nothing.
   */
  openRead(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes `key`; removing a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** Removes every key under `prefix/` (a deleted tenant's files). */
  removePrefix(prefix: string): Promise<void>;
};

/** Keys are made by the server from ids and fixed names; this keeps a bug from ever escaping the store. */
export function checkKey(key: string): string {
  if (!/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Invalid file key: ${key}`);
  }
  return key;
}

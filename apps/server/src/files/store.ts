// Uploaded files (profile pictures, brand images) by key, e.g. `brand/<tenant>/logoDark.png`:
// on disk under `<dataDir>/files` by default, in an S3-compatible bucket when S3_BUCKET is set,
// so several server replicas share them. Callers never see which.
export type FileStore = {
  /** Stores the bytes under `key`, replacing what was there; a reader never sees half a file. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
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

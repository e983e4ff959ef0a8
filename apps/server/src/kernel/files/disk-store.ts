// The default file store: plain files under `<dataDir>/files`, written through a temporary name
// and renamed, so a concurrent reader sees the old file or the new one, never half of one.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { dirname, join } from 'node:path';
import { checkKey, type FileStore } from './store.ts';

export function createDiskStore(root: string): FileStore {
  const pathOf = (key: string) => join(root, checkKey(key));
  return {
    async put(key, bytes) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    },
    async putFile(key, sourcePath) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
      await pipeline(createReadStream(sourcePath), createWriteStream(temporary));
      await rename(temporary, target);
    },
    async size(key) {
      return missingAsNull(async () => (await stat(pathOf(key))).size);
    },
    async openRead(key, range) {
      const path = pathOf(key);
      // Opened before answering, so a missing file is null here rather than a stream error later.
      return missingAsNull(async () => {
        await stat(path);
        return createReadStream(path, range ? { start: range.start, end: range.end } : {});
      });
    },
    async get(key) {
      return missingAsNull(() => readFile(pathOf(key)));
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async removePrefix(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true });
    },
  };
}

async function missingAsNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

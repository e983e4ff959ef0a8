// The default file store: plain files under `<dataDir>/files`, written through a temporary name
// and renamed, so a concurrent reader sees the old file or the new one, never half of one.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
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
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async removePrefix(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true });
    },
  };
}

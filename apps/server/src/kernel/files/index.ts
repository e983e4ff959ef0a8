import { join } from 'node:path';
import type { ServerConfig } from '../config.ts';
import { createDiskStore } from './disk-store.ts';
import type { FileStore } from './store.ts';

export type { ByteRange, FileStore } from './store.ts';

/** The bucket when one is configured, else `<dataDir>/files`. */
export async function createFileStore(config: Pick<ServerConfig, 'dataDir' | 's3'>): Promise<FileStore> {
  if (!config.s3) return createDiskStore(join(config.dataDir, 'files'));
  // The AWS SDK is large: only a server that uses a bucket loads it.
  const { createS3Store } = await import('./s3-store.ts');
  return createS3Store(config.s3);
}

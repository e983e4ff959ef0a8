// Profile pictures live on disk under `<dataDir>/files/avatars/<tenant>/<user>.<ext>`, one file
// per user. The public URL carries a random version, so a new upload gets a new URL and browsers
// may cache each one for good.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiPrefix } from '../http/openapi.ts';
import type { ImageType } from './image-type.ts';

const extensions = ['png', 'jpg'] as const;

const avatarDir = (dataDir: string, tenantId: string) => join(dataDir, 'files', 'avatars', tenantId);

export function pictureUrl(userId: string, ext: ImageType['ext']): string {
  return `${apiPrefix}/profile-pictures/${userId}/${randomBytes(8).toString('hex')}.${ext}`;
}

/** The extension a stored `photoUrl` of ours names, or null for none (or a URL from elsewhere). */
export function extOfPictureUrl(photoUrl: string | null, userId: string): ImageType['ext'] | null {
  const match = photoUrl ? new RegExp(`^${apiPrefix}/profile-pictures/${userId}/[a-f0-9]{16}\\.(png|jpg)$`).exec(photoUrl) : null;
  return (match?.[1] as ImageType['ext'] | undefined) ?? null;
}

/** Written to a temporary name first, so a reader never sees half a picture. */
export async function writePicture(dataDir: string, tenantId: string, userId: string, ext: ImageType['ext'], bytes: Buffer): Promise<void> {
  const dir = avatarDir(dataDir, tenantId);
  await mkdir(dir, { recursive: true });
  const target = join(dir, `${userId}.${ext}`);
  const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, target);
  // A picture of the other type would otherwise stay behind.
  for (const other of extensions) if (other !== ext) await rm(join(dir, `${userId}.${other}`), { force: true });
}

export async function removePictures(dataDir: string, tenantId: string, userId: string): Promise<void> {
  const dir = avatarDir(dataDir, tenantId);
  for (const ext of extensions) await rm(join(dir, `${userId}.${ext}`), { force: true });
}

export async function readPicture(dataDir: string, tenantId: string, userId: string, ext: ImageType['ext']): Promise<Buffer | null> {
  try {
    return await readFile(join(avatarDir(dataDir, tenantId), `${userId}.${ext}`));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

// Profile pictures live on disk under `<dataDir>/files/avatars/<tenant>/<user>.<ext>`, one file
// per user. The public URL carries a random version, so a new upload gets a new URL and browsers
// may cache each one for good. The file helpers below also keep the tenants' brand images.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiPrefix } from '../http/openapi.ts';
import type { ImageType } from './image-type.ts';

const extensions = ['png', 'jpg'] as const;

const avatarDir = (dataDir: string, tenantId: string) => join(dataDir, 'files', 'avatars', tenantId);

/** The random part of a versioned image URL: 16 hex digits. */
export const imageVersion = () => randomBytes(8).toString('hex');

export function pictureUrl(userId: string, ext: ImageType['ext']): string {
  return `${apiPrefix}/profile-pictures/${userId}/${imageVersion()}.${ext}`;
}

/** The extension a stored `photoUrl` of ours names, or null for none (or a URL from elsewhere). */
export function extOfPictureUrl(photoUrl: string | null, userId: string): ImageType['ext'] | null {
  const match = photoUrl ? new RegExp(`^${apiPrefix}/profile-pictures/${userId}/[a-f0-9]{16}\\.(png|jpg)$`).exec(photoUrl) : null;
  return (match?.[1] as ImageType['ext'] | undefined) ?? null;
}

/** Writes `<dir>/<name>.<ext>` through a temporary name, so a reader never sees half an image. */
export async function writeImageFile(dir: string, name: string, ext: ImageType['ext'], bytes: Buffer): Promise<void> {
  await mkdir(dir, { recursive: true });
  const target = join(dir, `${name}.${ext}`);
  const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, target);
  // An image of the other type would otherwise stay behind.
  for (const other of extensions) if (other !== ext) await rm(join(dir, `${name}.${other}`), { force: true });
}

export async function removeImageFiles(dir: string, name: string): Promise<void> {
  for (const ext of extensions) await rm(join(dir, `${name}.${ext}`), { force: true });
}

/** The bytes of `<dir>/<name>.<ext>`, or null when there is no such file. */
export async function readImageFile(dir: string, name: string, ext: ImageType['ext']): Promise<Buffer | null> {
  try {
    return await readFile(join(dir, `${name}.${ext}`));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export async function writePicture(dataDir: string, tenantId: string, userId: string, ext: ImageType['ext'], bytes: Buffer): Promise<void> {
  await writeImageFile(avatarDir(dataDir, tenantId), userId, ext, bytes);
}

export async function removePictures(dataDir: string, tenantId: string, userId: string): Promise<void> {
  await removeImageFiles(avatarDir(dataDir, tenantId), userId);
}

export async function readPicture(dataDir: string, tenantId: string, userId: string, ext: ImageType['ext']): Promise<Buffer | null> {
  return readImageFile(avatarDir(dataDir, tenantId), userId, ext);
}

/** Every profile picture of a deleted tenant: its users are gone, so are their pictures. */
export async function removeTenantPictures(dataDir: string, tenantId: string): Promise<void> {
  await rm(avatarDir(dataDir, tenantId), { recursive: true, force: true });
}

// Profile pictures live in the file store under `avatars/<tenant>/<user>.<ext>`, one file
// per user. The public URL carries a random version, so a new upload gets a new URL and browsers
// may cache each one for good. The file helpers below also keep the tenants' brand images.
import { randomBytes } from 'node:crypto';
import type { FileStore } from '../kernel/files/index.ts';
import { apiPrefix } from '../kernel/http/openapi.ts';
import { contentTypeOfExt, type ImageType } from './image-type.ts';

const extensions = ['png', 'jpg'] as const;

const avatarDir = (tenantId: string) => `avatars/${tenantId}`;

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

/** Stores `<dir>/<name>.<ext>`, dropping the same image in the other type. */
export async function writeImageFile(files: FileStore, dir: string, name: string, ext: ImageType['ext'], bytes: Buffer): Promise<void> {
  await files.put(`${dir}/${name}.${ext}`, bytes, contentTypeOfExt(ext));
  // An image of the other type would otherwise stay behind.
  for (const other of extensions) if (other !== ext) await files.remove(`${dir}/${name}.${other}`);
}

export async function removeImageFiles(files: FileStore, dir: string, name: string): Promise<void> {
  for (const ext of extensions) await files.remove(`${dir}/${name}.${ext}`);
}

/** The bytes of `<dir>/<name>.<ext>`, or null when there is no such file. */
export function readImageFile(files: FileStore, dir: string, name: string, ext: ImageType['ext']): Promise<Buffer | null> {
  return files.get(`${dir}/${name}.${ext}`);
}

export async function writePicture(files: FileStore, tenantId: string, userId: string, ext: ImageType['ext'], bytes: Buffer): Promise<void> {
  await writeImageFile(files, avatarDir(tenantId), userId, ext, bytes);
}

export async function removePictures(files: FileStore, tenantId: string, userId: string): Promise<void> {
  await removeImageFiles(files, avatarDir(tenantId), userId);
}

export function readPicture(files: FileStore, tenantId: string, userId: string, ext: ImageType['ext']): Promise<Buffer | null> {
  return readImageFile(files, avatarDir(tenantId), userId, ext);
}

/** Every profile picture of a deleted tenant: its users are gone, so are their pictures. */
export async function removeTenantPictures(files: FileStore, tenantId: string): Promise<void> {
  await files.removePrefix(avatarDir(tenantId));
}

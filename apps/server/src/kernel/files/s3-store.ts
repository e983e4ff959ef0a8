// Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2 ...), for servers that run as several
// replicas or keep no local disk. The bucket must exist; objects are private and served through
// the API, which checks who may see them.
import { DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { S3Config } from '../config.ts';
import { checkKey, type FileStore } from './store.ts';

export function createS3Store(config: S3Config): FileStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint ?? undefined,
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: with the SDK's default a streamed body is sent
    // aws-chunked with a trailing checksum, which several S3-compatible servers store verbatim.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
  });
  const Bucket = config.bucket;
  const keyOf = (key: string) => `${config.prefix}${checkKey(key)}`;
  return {
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: bytes, ContentType: contentType }));
    },
    async putFile(key, sourcePath, contentType) {
      // A single PUT takes up to 5 GB; ContentLength lets the SDK stream the file rather than buffer it.
      const { size } = await stat(sourcePath);
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: createReadStream(sourcePath), ContentLength: size, ContentType: contentType }));
    },
    async size(key) {
      return missingAsNull(async () => (await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }))).ContentLength ?? 0);
    },
    async openRead(key, range) {
      return missingAsNull(async () => {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
        return object.Body instanceof Readable ? object.Body : null;
      });
    },
    async get(key) {
      return missingAsNull(async () => {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      });
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async removePrefix(prefix) {
      const Prefix = `${keyOf(prefix)}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        const Objects = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (Objects.length > 0) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

/** HEAD answers a bare 404 (NotFound), GET a NoSuchKey: both mean there is nothing under the key. */
async function missingAsNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (error instanceof NoSuchKey || name === 'NoSuchKey' || name === 'NotFound') return null;
    throw error;
  }
}

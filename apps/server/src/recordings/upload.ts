// Resumable uploads of recordings made on a computer (`uploadRecordings` and the tus requests after
// it), served by @tus/server with @tus/file-store behind the contract's operations: the operation
// gate has already checked the session, CSRF token, permission and role group, and each upload is
// bound to the tenant and user who created it (server-side metadata the client cannot set).
// Unfinished uploads wait on disk (config.recordingUploads.directory); the request that completes
// one checks its content, moves it into the file store (`recordings/<tenant>/<id>/<file>`) and
// creates the `recordings` row (kind local, owner the uploader) in the uploader's tenant.
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { recordingStorageLeft } from '../billing/index.ts';
import { recordings } from '../kernel/db/schema.ts';
import { apiPrefix } from '../kernel/http/openapi.ts';
import { ProblemError, type FieldError } from '../kernel/http/problem.ts';
import { SNIFF_BYTES, sniffRecording } from './media-type.ts';
import { meetingIdByCode } from './queries.ts';
import { DatabaseLocker, defaultUploadLockTimings, tusError, type TusError } from './upload-locker.ts';

export const UPLOADS_PATH = `${apiPrefix}/recordings/uploads`;

/** Unfinished uploads are dropped a week after they started (`recording.uploads.expire`). */
export const UPLOAD_EXPIRY_MS = 7 * 24 * 60 * 60_000;

type Uploader = { tenantId: string; userId: string };


/**
 * The recording would not fit in what the tenant's plan has left of `storage_gb`: refused when the
 * upload starts (by its declared length), and again when it finishes (others may have finished meanwhile).
 */
async function checkStorageRoom(app: FastifyInstance, tenantId: string, bytes: number): Promise<void> {
  const left = await app.database.withTenant(tenantId, (tx) => recordingStorageLeft(tx, tenantId), { readOnly: true });
  if (left === null || bytes <= left) return;
  throw tusError(413, 'recording_storage_full', "The organisation's plan has no room left for this recording: delete recordings or ask for more storage.");
}

const typeRefused = () => tusError(415, 'recording_type_refused', 'Upload a WebM, Matroska, MP4, M4A or Ogg (Opus) recording.');

// Server-side metadata: set when the upload is created, over anything the client sent.
const TENANT_KEY = 'portalTenant';
const OWNER_KEY = 'portalOwner';

async function readHead(path: string, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The file store of unfinished uploads, refusing a file by its first bytes as soon as they arrive
 * (a renamed text file never fills the disk), not only once the whole file is there.
 */
class CheckedFileStore extends FileStore {
  constructor(options: ConstructorParameters<typeof FileStore>[0]) {
    super(options);
    // The contract requires Upload-Length: OPTIONS does not offer deferring it.
    this.extensions = this.extensions.filter((extension) => extension !== 'creation-defer-length');
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    if (offset >= SNIFF_BYTES) return super.write(readable, id, offset);
    const iterator = (readable as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
    const received: Buffer[] = [];
    let head = offset > 0 ? await readHead(join(this.directory, id), offset) : Buffer.alloc(0);
    let ended = false;
    while (head.length < SNIFF_BYTES) {
      const next = await iterator.next();
      if (next.done) {
        ended = true;
        break;
      }
      const chunk = Buffer.from(next.value);
      received.push(chunk);
      head = Buffer.concat([head, chunk]);
    }
    // Fewer bytes than a header so far: the check runs again on the next request or at the end.
    if (head.length >= SNIFF_BYTES && !sniffRecording(head)) {
      await this.remove(id).catch(() => undefined);
      throw typeRefused();
    }
    async function* rest(): AsyncGenerator<Buffer> {
      yield* received;
      if (ended) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield Buffer.from(next.value);
    }
    return super.write(Readable.from(rest()), id, offset);
  }
}

type Metadata = { topic: string; recordedAt: Date; computerName: string; meetingId: string };

function metadataOf(upload: Upload): Metadata {
  const meta = upload.metadata ?? {};
  const text = (key: string, max: number, required: boolean): string => {
    const value = (meta[key] ?? '').trim();
    if ((required && value === '') || value.length > max || value.includes('\u0000')) {
      const detail = `Upload-Metadata: ${key} is ${value === '' ? 'missing' : 'invalid'}`;
      throw tusError(400, 'invalid_upload_metadata', detail, [{ field: key, code: value === '' ? 'required' : 'invalid_value', message: detail }]);
    }
    return value;
  };
  const topic = text('topic', 200, true);
  const computerName = text('computerName', 100, true);
  const meetingId = text('meetingId', 64, false);
  const recordedAtText = text('recordedAt', 40, true);
  const recordedAt = new Date(recordedAtText);
  if (Number.isNaN(recordedAt.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(recordedAtText)) {
    const detail = 'Upload-Metadata: recordedAt is invalid';
    throw tusError(400, 'invalid_upload_metadata', detail, [{ field: 'recordedAt', code: 'invalid_value', message: detail }]);
  }
  return { topic, computerName, meetingId, recordedAt };
}

export type RecordingUploads = {
  tus: Server;
  store: CheckedFileStore;
  /** Answers one tus request for `uploader` through Fastify's reply (problems as problem+json). */
  handle: (request: FastifyRequest, reply: FastifyReply, uploader: Uploader) => Promise<void>;
  /** The upload's owner as stored, or null when there is no such upload. */
  ownerOf: (uploadId: string) => Promise<Uploader | null>;
  /** Bytes received and the file's length (`getRecordingUpload` as GET). */
  progress: (uploadId: string) => Promise<{ offset: number; length: number | null }>;
};

const instances = new WeakMap<FastifyInstance, RecordingUploads>();

/** The app's upload server, made on first use from its config. */
export function recordingUploadsOf(app: FastifyInstance): RecordingUploads {
  let uploads = instances.get(app);
  if (!uploads) {
    uploads = createRecordingUploads(app);
    instances.set(app, uploads);
  }
  return uploads;
}

function createRecordingUploads(app: FastifyInstance): RecordingUploads {
  const { config } = app;
  const directory = config.recordingUploads.directory ?? join(config.dataDir, 'uploads');
  // The file store creates its directory without waiting, so the daily expiry job, when it is the
  // first use after a start, listed a directory that did not exist yet and failed.
  mkdirSync(directory, { recursive: true });
  const store = new CheckedFileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  const uploaders = new WeakMap<Request, Uploader>();

  const finish = async (request: Request, upload: Upload) => {
    const uploader = uploaders.get(request);
    const path = upload.storage?.path ?? join(directory, upload.id);
    const type = sniffRecording(await readHead(path, SNIFF_BYTES));
    if (!uploader || !type) {
      await store.remove(upload.id).catch(() => undefined);
      throw typeRefused();
    }
    const meta = metadataOf(upload);
    const id = randomUUID();
    // Checked when the upload began; a meeting deleted since keeps only its ID on the recording.
    const meetingRowId = meta.meetingId ? await app.database.withTenant(uploader.tenantId, (tx) => meetingIdByCode(tx, uploader.tenantId, meta.meetingId), { readOnly: true }) : null;
    const key = `recordings/${uploader.tenantId}/${id}/${type.fileName}`;
    const bytes = upload.size ?? upload.offset;
    try {
      await checkStorageRoom(app, uploader.tenantId, bytes);
    } catch (error) {
      await store.remove(upload.id).catch(() => undefined);
      throw error;
    }
    await app.files.putFile(key, path, type.mediaType);
    try {
      await app.database.withTenant(uploader.tenantId, (tx) =>
        tx.insert(recordings).values({
          id,
          tenantId: uploader.tenantId,
          kind: 'local',
          status: 'ready',
          code: meta.meetingId,
          meetingId: meetingRowId,
          topic: meta.topic,
          startedAt: meta.recordedAt,
          computerName: meta.computerName,
          ownerId: uploader.userId,
          ...(type.track === 'audio' ? { audioKey: key, audioBytes: bytes } : { videoKey: key, videoBytes: bytes }),
        }),
      );
    } catch (error) {
      await app.files.remove(key);
      throw error;
    }
    await store.remove(upload.id).catch((error: unknown) => app.log.warn({ err: error, uploadId: upload.id }, 'finished upload not removed'));
    return { headers: { 'Recording-Id': id } };
  };

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    maxSize: config.recordingUploads.maxBytes,
    relativeLocation: true,
    // Same origin only: no CORS headers.
    allowedOrigins: [],
    disableTerminationForFinishedUploads: true,
    // In the database, not in this process: any replica may receive the next request of an upload.
    locker: new DatabaseLocker(app.database, { ...defaultUploadLockTimings, ...(config.recordingUploads.lockWaitMs ? { waitMs: config.recordingUploads.lockWaitMs } : {}) }),
    onUploadCreate: async (request, upload) => {
      const uploader = uploaders.get(request);
      if (!uploader) throw tusError(403, 'forbidden', 'No uploader');
      const { meetingId } = metadataOf(upload);
      if (meetingId && !(await app.database.withTenant(uploader.tenantId, (tx) => meetingIdByCode(tx, uploader.tenantId, meetingId), { readOnly: true }))) {
        const detail = 'Upload-Metadata: meetingId names no meeting of this tenant';
        throw tusError(400, 'invalid_upload_metadata', detail, [{ field: 'meetingId', code: 'unknown_meeting', message: detail }]);
      }
      await checkStorageRoom(app, uploader.tenantId, upload.size ?? 0);
      return { metadata: { ...upload.metadata, [TENANT_KEY]: uploader.tenantId, [OWNER_KEY]: uploader.userId } };
    },
    onUploadFinish: finish,
  });

  const ownerOf = async (uploadId: string): Promise<Uploader | null> => {
    const info = await store.configstore.get(uploadId).catch(() => undefined);
    const tenantId = info?.metadata?.[TENANT_KEY];
    const userId = info?.metadata?.[OWNER_KEY];
    return tenantId && userId ? { tenantId, userId } : null;
  };

  const handle: RecordingUploads['handle'] = async (request, reply, uploader) => {
    const raw = request.raw;
    const headers = new Headers();
    for (const [name, value] of Object.entries(raw.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(', '));
    }
    const hasBody = request.method === 'PATCH' || request.method === 'POST';
    const refused = protocolProblem(request.method, headers, hasBody);
    if (refused) throw refused;
    const webRequest = new Request(`http://${headers.get('host') ?? 'localhost'}${raw.url ?? UPLOADS_PATH}`, {
      method: request.method,
      headers,
      ...(hasBody ? { body: Readable.toWeb(raw) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
    });
    uploaders.set(webRequest, uploader);
    const response = await tus.handleWeb(webRequest);
    if (response.status >= 400) {
      const text = await response.text();
      if (response.status >= 500) request.log.error({ uploadError: text }, 'recording upload failed');
      throw problemOf(response.status, text, hasBody);
    }
    reply.code(response.status);
    for (const [name, value] of response.headers) {
      if (name.startsWith('access-control-') || name === 'content-length' || name === 'content-type') continue;
      reply.header(name, value);
    }
    await reply.send();
  };

  const progress: RecordingUploads['progress'] = async (uploadId) => {
    try {
      const upload = await store.getUpload(uploadId);
      return { offset: upload.offset, length: upload.size ?? null };
    } catch (error) {
      const status = (error as Partial<TusError>).status_code;
      if (status === 410) throw new ProblemError(410, 'upload_gone');
      if (status === 404) throw new ProblemError(404, 'not_found');
      throw error;
    }
  };

  return { tus, store, handle, ownerOf, progress };
}

const TUS_VERSION = '1.0.0';

/**
 * What tus 1.0 and the contract refuse before the tus server sees the request, where the library
 * would answer off the contract (400 for another version, 403 for a missing offset, 501 for
 * concatenation) or accept what the contract does not (a deferred length).
 */
function protocolProblem(method: string, headers: Headers, unreadBody: boolean): ProblemError | null {
  const close: Record<string, string> = unreadBody ? { connection: 'close' } : {};
  const refuse = (status: number, code: string, detail: string, extra: Record<string, string> = {}) => new ProblemError(status, code, { detail, headers: { ...close, ...extra } });
  const version = headers.get('tus-resumable');
  if (version !== TUS_VERSION) {
    const detail = version ? `Tus-Resumable ${version} is not supported: this server speaks tus ${TUS_VERSION}` : `Send Tus-Resumable: ${TUS_VERSION}`;
    return refuse(412, 'upload_protocol_error', detail, { 'tus-version': TUS_VERSION, 'tus-resumable': TUS_VERSION });
  }
  if (method === 'POST') {
    if (headers.has('upload-concat')) return refuse(400, 'upload_protocol_error', 'Upload-Concat: concatenation is not supported; send the file as one upload');
    if (headers.has('upload-defer-length') || !headers.has('upload-length')) return refuse(400, 'upload_protocol_error', 'Upload-Length is required (a deferred length is not supported)');
  }
  if (method === 'PATCH') {
    const mediaType = headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (mediaType !== 'application/offset+octet-stream') return refuse(415, 'unsupported_media_type', 'Send the bytes as application/offset+octet-stream');
    if (!headers.has('upload-offset')) return refuse(400, 'upload_protocol_error', 'Upload-Offset is required');
  }
  return null;
}

const codeByStatus: Record<number, string> = {
  400: 'upload_protocol_error',
  404: 'not_found',
  409: 'upload_offset_mismatch',
  410: 'upload_gone',
  412: 'upload_protocol_error',
  413: 'upload_too_large',
  415: 'recording_type_refused',
  423: 'upload_locked',
};

/** A tus error answer as the portal's problem: our own code when we raised it, else by status. */
function problemOf(status: number, body: string, unreadBody: boolean): ProblemError {
  // A refused PATCH leaves its body unread: the connection closes after the answer instead of
  // waiting for bytes nobody reads (the client opens a new one to resume).
  const headers = unreadBody ? { connection: 'close' } : undefined;
  try {
    const parsed = JSON.parse(body) as { code?: unknown; detail?: unknown; errors?: FieldError[] };
    if (typeof parsed.code === 'string') {
      return new ProblemError(status, parsed.code, { detail: typeof parsed.detail === 'string' ? parsed.detail : undefined, headers, ...(Array.isArray(parsed.errors) ? { errors: parsed.errors } : {}) });
    }
  } catch {
    // The library's own text answer.
  }
  if (status >= 500) return new ProblemError(500, 'internal', { headers });
  return new ProblemError(status, codeByStatus[status] ?? 'upload_protocol_error', { detail: body.trim() || undefined, headers });
}

// Sending a recording's file from the file store: streamed (never read into memory, whatever its
// size) with single HTTP byte ranges, so a browser's video element can seek and a download manager
// can resume. Multi-range requests are answered with the whole file, as RFC 9110 allows.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FileStore } from '../kernel/files/index.ts';
import { ProblemError } from '../kernel/http/problem.ts';

export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

/** What a `Range` header asks of a file of `size` bytes; anything it cannot honour is the whole file. */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'whole' };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // A suffix: the last `n` bytes (all of them when the file is shorter).
    const n = Number(last);
    if (n === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return { kind: 'whole' };
  if (last !== '' && end < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end: Math.min(end, size - 1) };
}

export const noFilesAvailable = () => new ProblemError(404, 'no_files_available', { detail: 'No files available for download' });

/** A file name any browser and file system accept: ASCII letters, digits, dot, dash and underscore. */
export function safeFileName(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return ascii.slice(0, 120) || 'recording';
}

/** `attachment` (or `inline`) with an ASCII name and, for other scripts, the UTF-8 one (RFC 6266). */
export function contentDisposition(kind: 'attachment' | 'inline', baseName: string, extension: string): string {
  const ascii = `${safeFileName(baseName)}.${extension}`;
  const unicode = `${baseName.replace(/[\p{Cc}"\\/:*?<>|]+/gu, '-').trim().slice(0, 120) || 'recording'}.${extension}`;
  const encoded = encodeURIComponent(unicode).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return unicode === ascii ? `${kind}; filename="${ascii}"` : `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export type StoredFile = { key: string | null; contentType: string; disposition: string };

/** The request as far as sending a file needs it: HEAD (Fastify answers it with the GET handler) reads nothing. */
export type FileRequest = { method: string; headers: { range?: string | undefined } };

/**
 * Answers the file under `key` with the request's range: 200 whole, 206 a part, 416 past the end
 * (with `Content-Range: bytes *\/size`), 404 `no_files_available` when there is none. The returned
 * stream is what the handler returns for Fastify to pipe (it is destroyed if the client goes away).
 */
export async function sendStoredFile(files: FileStore, reply: FastifyReply, request: FileRequest, file: StoredFile): Promise<unknown> {
  if (!file.key) throw noFilesAvailable();
  const size = await files.size(file.key);
  if (size === null) throw noFilesAvailable();
  const range = parseRange(request.headers.range, size);
  reply.header('accept-ranges', 'bytes').header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
  if (range.kind === 'unsatisfiable') {
    throw new ProblemError(416, 'range_not_satisfiable', { detail: `The file has ${size} bytes`, headers: { 'content-range': `bytes */${size}`, 'accept-ranges': 'bytes' } });
  }
  const bytes = range.kind === 'part' ? { start: range.start, end: range.end } : size > 0 ? { start: 0, end: size - 1 } : undefined;
  // Fastify drains whatever a HEAD answer returns: an empty stream keeps the headers and reads no file.
  const stream = request.method === 'HEAD' ? Readable.from([]) : await files.openRead(file.key, bytes);
  if (!stream) throw noFilesAvailable();
  reply.header('content-type', file.contentType).header('content-disposition', file.disposition);
  if (range.kind === 'part') {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`).header('content-length', String(range.end - range.start + 1));
  } else {
    reply.header('content-length', String(size));
  }
  return stream;
}

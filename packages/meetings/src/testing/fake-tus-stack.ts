// A tus server in memory for the upload dialog's stories and tests, plugged into tus-js-client as
// its HTTP layer: creation answers a Location, each PATCH takes its bytes after a short delay
// (so progress, pause and resume can be seen), HEAD answers the offset. It can refuse the file as
// the real server does (415 `recording_type_refused`), refuse an unknown meeting ID (400 with the
// field's code `unknown_meeting`), refuse a file the plan's storage has no room for (413) or break one PATCH (a network failure).
import type { HttpRequest, HttpResponse, HttpStack, Upload } from 'tus-js-client';

export type FakeTusOptions = {
  /** Answer the first PATCH with 415 recording_type_refused (the content is not a recording). */
  refuse?: boolean;
  /** Answer the creation with 413 recording_storage_full: the tenant's plan has no room for the file. */
  storageFull?: boolean;
  /** Answer the creation with 400: the metadata's meetingId names no meeting of the tenant. */
  unknownMeeting?: boolean;
  /** Break this PATCH (1-based) as a lost connection would. */
  breakPatch?: number;
  /** Milliseconds each PATCH takes. */
  delayMs?: number;
};

export type FakeTusServer = HttpStack & {
  /** Every request as `METHOD` plus the metadata of the creation. */
  calls: string[];
  metadata: Record<string, string>;
  offset: number;
  /** Reads the File as slices (the browser's way, also under jsdom). */
  fileReader: NonNullable<ConstructorParameters<typeof Upload>[1]['fileReader']>;
};

const response = (status: number, headers: Record<string, string> = {}, body = ''): HttpResponse => ({
  getStatus: () => status,
  getHeader: (name) => headers[name.toLowerCase()],
  getBody: () => body,
  getUnderlyingObject: () => null,
});

const sizeOf = (body: unknown): number => {
  if (body instanceof Blob) return body.size;
  if (body instanceof ArrayBuffer) return body.byteLength;
  if (ArrayBuffer.isView(body)) return body.byteLength;
  return 0;
};

function decodeMetadata(header: string | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value = ''] = pair.trim().split(' ');
    if (key) result[key] = new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)));
  }
  return result;
}

export function createFakeTusServer(options: FakeTusOptions = {}): FakeTusServer {
  let patches = 0;
  let length = '0';
  const server: FakeTusServer = {
    calls: [],
    metadata: {},
    offset: 0,
    fileReader: {
      openFile: async (input: Blob) => ({
        size: input.size,
        slice: async (start: number, end: number) => ({ value: input.slice(start, end), done: end >= input.size }),
        close: () => undefined,
      }),
    },
    getName: () => 'FakeTusStack',
    createRequest(method: string, url: string): HttpRequest {
      const headers: Record<string, string> = {};
      let progress: (sent: number) => void = () => undefined;
      let aborted = false;
      return {
        getMethod: () => method,
        getURL: () => url,
        setHeader: (name, value) => {
          headers[name.toLowerCase()] = value;
        },
        getHeader: (name) => headers[name.toLowerCase()],
        setProgressHandler: (handler) => {
          progress = handler;
        },
        abort: async () => {
          aborted = true;
        },
        getUnderlyingObject: () => null,
        async send(body: unknown) {
          server.calls.push(method);
          if (method === 'POST') {
            server.metadata = decodeMetadata(headers['upload-metadata']);
            length = headers['upload-length'] ?? '0';
            if (options.storageFull) return response(413, {}, JSON.stringify({ code: 'recording_storage_full', status: 413 }));
            if (options.unknownMeeting) {
              return response(400, {}, JSON.stringify({ code: 'invalid_upload_metadata', status: 400, errors: [{ field: 'meetingId', code: 'unknown_meeting' }] }));
            }
            return response(201, { location: '/api/v1/recordings/uploads/0123456789abcdef0123456789abcdef', 'tus-resumable': '1.0.0' });
          }
          if (method === 'HEAD') return response(200, { 'upload-offset': String(server.offset), 'upload-length': length, 'tus-resumable': '1.0.0' });
          patches += 1;
          if (options.refuse) return response(415, {}, JSON.stringify({ code: 'recording_type_refused', status: 415 }));
          const size = sizeOf(body);
          await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 50));
          // An aborted XMLHttpRequest settles neither way.
          if (aborted) return new Promise<HttpResponse>(() => undefined);
          if (options.breakPatch === patches) throw new Error('network failure');
          progress(size);
          server.offset += size;
          return response(204, { 'upload-offset': String(server.offset), 'tus-resumable': '1.0.0' });
        },
      };
    },
  };
  return server;
}

// The one upload call that does not go through the generated client: a resumable tus upload
// (`uploadRecordings`, then PATCH/HEAD on the upload's URL) by tus-js-client, which sends the
// file in chunks, retries after a network failure and resumes from the offset the server has.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Upload, type HttpStack } from 'tus-js-client';
import { CSRF_COOKIE, CSRF_HEADER, readCookie } from '@portal/api-client';
import { localRecordingKeys } from './keys';

export const RECORDING_UPLOADS_ENDPOINT = '/api/v1/recordings/uploads';

export type RecordingUploadMetadata = { topic: string; meetingId: string; recordedAt: string; computerName: string };

export type RecordingUploadState =
  | { status: 'idle' }
  | { status: 'uploading' | 'paused'; sent: number; total: number }
  | { status: 'done'; total: number }
  | { status: 'failed'; sent: number; total: number; code: string | null; fieldErrors: UploadFieldError[] };

/** A metadata field the server refused (`meetingId` with `unknown_meeting` ...). */
export type UploadFieldError = { field: string; code: string };

/** Bytes per PATCH: small enough that a broken connection loses little, large enough to stay quick. */
const CHUNK_BYTES = 8 * 1024 * 1024;

/** The problem code of a refused tus request (415 recording_type_refused ...) and its field errors, when the server sent them. */
function problemOf(error: Error): { code: string | null; fieldErrors: UploadFieldError[] } {
  const body = (error as { originalResponse?: { getBody: () => string } | null }).originalResponse?.getBody();
  if (!body) return { code: null, fieldErrors: [] };
  try {
    const { code, errors } = JSON.parse(body) as { code?: unknown; errors?: unknown };
    const fieldErrors = Array.isArray(errors) ? errors.filter((item): item is UploadFieldError => typeof item?.field === 'string' && typeof item?.code === 'string') : [];
    return { code: typeof code === 'string' ? code : null, fieldErrors };
  } catch {
    return { code: null, fieldErrors: [] };
  }
}

type TusUploadOptions = ConstructorParameters<typeof Upload>[1];

export type UseRecordingUploadOptions = {
  endpoint?: string;
  chunkSize?: number;
  retryDelays?: number[];
  /** The HTTP layer and file reading (stories and tests answer with a fake tus server). */
  httpStack?: HttpStack;
  fileReader?: TusUploadOptions['fileReader'];
};

/**
 * Uploads one file with progress, pause and resume. A broken connection is retried (after 0, 1,
 * 3, 5 and 10 seconds) from the offset the server kept; `resume` after a failure or a pause
 * continues the same upload. The lists of local recordings are refreshed when it completes.
 */
export function useRecordingUpload({ endpoint = RECORDING_UPLOADS_ENDPOINT, chunkSize = CHUNK_BYTES, retryDelays = [0, 1000, 3000, 5000, 10000], httpStack, fileReader }: UseRecordingUploadOptions = {}) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<RecordingUploadState>({ status: 'idle' });
  const upload = useRef<Upload | null>(null);

  useEffect(
    () => () => {
      void upload.current?.abort();
    },
    [],
  );

  const start = useCallback(
    (file: File, metadata: RecordingUploadMetadata) => {
      void upload.current?.abort();
      const total = file.size;
      const next = new Upload(file, {
        endpoint,
        chunkSize,
        retryDelays,
        removeFingerprintOnSuccess: true,
        ...(httpStack ? { httpStack } : {}),
        ...(fileReader ? { fileReader } : {}),
        metadata: { ...metadata, filename: file.name, filetype: file.type },
        onBeforeRequest: (request) => {
          const token = readCookie(CSRF_COOKIE);
          if (token) request.setHeader(CSRF_HEADER, token);
        },
        onProgress: (sent) => setState((current) => (current.status === 'paused' ? current : { status: 'uploading', sent, total })),
        onSuccess: () => {
          setState({ status: 'done', total });
          void queryClient.invalidateQueries({ queryKey: localRecordingKeys.all });
        },
        // A paused upload's aborted request is no failure.
        onError: (error) => setState((current) => (current.status === 'paused' ? current : { status: 'failed', sent: 'sent' in current ? current.sent : 0, total, ...problemOf(error) })),
      });
      upload.current = next;
      setState({ status: 'uploading', sent: 0, total });
      next.start();
    },
    [chunkSize, endpoint, fileReader, httpStack, queryClient, retryDelays],
  );

  const pause = useCallback(() => {
    const current = upload.current;
    if (!current) return;
    setState((previous) => ('sent' in previous ? { status: 'paused', sent: previous.sent, total: previous.total } : previous));
    void current.abort();
  }, []);

  const resume = useCallback(() => {
    const current = upload.current;
    if (!current) return;
    setState((previous) => ('sent' in previous ? { status: 'uploading', sent: previous.sent, total: previous.total } : previous));
    current.start();
  }, []);

  const reset = useCallback(() => {
    void upload.current?.abort();
    upload.current = null;
    setState({ status: 'idle' });
  }, []);

  return { state, start, pause, resume, reset };
}

import { useMutation } from '@tanstack/react-query';
import { api, ok, type Schema } from '@portal/api-client';

export type RecordingFileKind = Schema<'RecordingFileKind'>;

// The browser itself fetches these (a download, a <video> element) so that large files stream to
// disk or play with range requests instead of passing through memory; the client's base is /api/v1.
const apiBase = '/api/v1';

/** Where the browser downloads a recording's file (an attachment; the session cookie authorises it). */
export const recordingFileUrl = (recordingId: string, kind: RecordingFileKind) => `${apiBase}/recordings/${encodeURIComponent(recordingId)}/files/${kind}`;

/** The video of a share link for the player's <video> element; `grant` after a password. */
export const sharedVideoUrl = (token: string, grant?: string) =>
  `${apiBase}/shared-recordings/${encodeURIComponent(token)}/video${grant ? `?${new URLSearchParams({ grant }).toString()}` : ''}`;

/**
 * Asks for the file's first byte: a 404 'No files available for download' (or a refused address)
 * is shown in the dialog before the browser is sent to download it.
 */
export function checkRecordingFile({ recordingId, kind }: { recordingId: string; kind: RecordingFileKind }) {
  return ok(api().GET('/recordings/{recordingId}/files/{kind}', { params: { path: { recordingId, kind } }, headers: { range: 'bytes=0-0' }, parseAs: 'blob' }));
}

export function useCheckRecordingFile() {
  return useMutation({ mutationFn: checkRecordingFile });
}

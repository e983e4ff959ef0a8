import { Group } from '@mantine/core';
import type { Recording } from '../../api/recordings/get-recordings';
import { LegalHoldAction } from '../legal-hold';
import { NeosoundRecordingAction } from '../neosound-action';
import { DownloadRecordingAction, ShareRecordingAction } from '../recording-access';

/**
 * The row actions of a cloud recording (spec: Share, Download, Upload, Neosound), each its own
 * component in this folder, shown only when it applies (a ready recording with files; Neosound
 * only where the tenant has the app).
 *
 * Where each one plugs in (one line each, here, nowhere else in the screen):
 * - Share (R2): `<ShareRecordingAction recording={recording} />` (share-recording-action.tsx, its dialog: Expire Link, Password Protection, copy).
 * - Download (R2): `<DownloadRecordingAction recording={recording} />` (Audio Recording or Video Recording).
 * - Neosound (apps): `<NeosoundRecordingAction recording={recording} />`, shown to people who enabled Neosound in Apps.
 * The screen's toolbar has its own slot for Upload (R3): `RecordingToolbarActions` below.
 */
export function RecordingRowActions({ recording }: { recording: Recording }) {
  const ready = recording.status === 'ready';
  return (
    <Group gap={4} wrap="nowrap">
      {ready ? <ShareRecordingAction recording={recording} /> : null}
      {ready ? <DownloadRecordingAction recording={recording} /> : null}
      {ready ? <NeosoundRecordingAction recording={recording} /> : null}
      {/* Legal hold (R3): whatever its status, retention skips a held recording. */}
      <LegalHoldAction recording={recording} />
    </Group>
  );
}

/** The toolbar of Cloud recordings: Upload (R3) plugs in here, e.g. `<UploadRecordingButton />`. */
export function RecordingToolbarActions() {
  return null;
}

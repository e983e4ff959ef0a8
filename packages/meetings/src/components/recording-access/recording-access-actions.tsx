import { Trans, useLingui } from '@lingui/react/macro';
import { IconDownload, IconShare } from '@tabler/icons-react';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { DownloadRecordingDialog, type DownloadRecordingDialogProps } from './download-recording-dialog';
import { ShareRecordingDialog, type RecordingRef } from './share-recording-dialog';

/** The Share row action of Cloud recordings: opens the Share dialog. */
export function ShareRecordingAction({ recording }: { recording: RecordingRef }) {
  const { t } = useLingui();
  const { topic } = recording;
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Button size="xs" variant="subtle" leftSection={<IconShare size={14} aria-hidden="true" />} aria-label={t`Share ${topic}`} onClick={dialog.open}>
        <Trans>Share</Trans>
      </Button>
      {opened ? <ShareRecordingDialog recording={recording} opened onClose={dialog.close} /> : null}
    </>
  );
}

/** The Download row action of Cloud recordings: opens the Download dialog. */
export function DownloadRecordingAction({ recording }: { recording: DownloadRecordingDialogProps['recording'] }) {
  const { t } = useLingui();
  const { topic } = recording;
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Button size="xs" variant="subtle" leftSection={<IconDownload size={14} aria-hidden="true" />} aria-label={t`Download ${topic}`} onClick={dialog.open}>
        <Trans>Download</Trans>
      </Button>
      {opened ? <DownloadRecordingDialog recording={recording} opened onClose={dialog.close} /> : null}
    </>
  );
}

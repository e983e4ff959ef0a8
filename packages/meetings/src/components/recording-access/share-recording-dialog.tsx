import { Alert, Badge, Button, Group, Loader, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { problemText, showSubmitError } from '@portal/forms';
import { useDateFormat } from '@portal/i18n';
import { CopyField, Dialog, notify, PasswordField } from '@portal/ui-kit';
import { useCreateRecordingShare, type CreatedRecordingShare } from '../../api/recording-shares/create-recording-share';
import { useRecordingShares, type RecordingShare } from '../../api/recording-shares/get-recording-shares';
import { useRevokeRecordingShare } from '../../api/recording-shares/revoke-recording-share';
import { isoDate } from '../../utils/calendar-day';
import { TimeField } from '../time-field';

/** What the dialogs need of a recording (the Cloud recordings row). */
export type RecordingRef = { id: string; topic: string };

export type ShareRecordingDialogProps = {
  recording: RecordingRef;
  opened: boolean;
  onClose: () => void;
  /** "Now", for the default expiry (a week ahead); the clock by default. */
  now?: Date;
};

type ShareValues = { date: string | null; time: string; protect: boolean; password: string };

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const localTime = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;
/** The picked day and time in the viewer's own zone, as an instant; null when incomplete. */
const pickedInstant = (date: string | null, time: string) => (date && /^\d{2}:\d{2}$/.test(time) ? new Date(`${date}T${time}:00`) : null);
/** The server's rule for a link's password (recordings/shares.ts), guessed online from anywhere. */
const isStrongSharePassword = (value: string) => value.length >= 10 && value.length <= 128 && /\p{L}/u.test(value) && /\p{N}/u.test(value);

function ShareStatus({ share }: { share: RecordingShare }) {
  if (share.status === 'active') {
    return (
      <Badge color="green" variant="light">
        <Trans>Active</Trans>
      </Badge>
    );
  }
  if (share.status === 'locked') {
    return (
      <Badge color="orange" variant="light">
        <Trans>Locked</Trans>
      </Badge>
    );
  }
  return share.status === 'expired' ? (
    <Badge color="gray" variant="light">
      <Trans>Expired</Trans>
    </Badge>
  ) : (
    <Badge color="red" variant="light">
      <Trans>Revoked</Trans>
    </Badge>
  );
}

/**
 * The Share dialog of a cloud recording (spec: Expire Link, Password Protection, a password, copy):
 * creates a link that opens the public player, shows it once to copy, and lists the recording's
 * links with their state, each active one revocable.
 */
export function ShareRecordingDialog({ recording, opened, onClose, now }: ShareRecordingDialogProps) {
  const { t, i18n } = useLingui();
  const { topic } = recording;
  const format = useDateFormat();
  const [created, setCreated] = useState<CreatedRecordingShare | null>(null);
  const shares = useRecordingShares(recording.id, opened);
  const create = useCreateRecordingShare();
  const revoke = useRevokeRecordingShare();
  const [initial] = useState(() => new Date((now ?? new Date()).getTime() + 7 * 86_400_000));
  const form = useForm<ShareValues>({
    initialValues: { date: localDay(initial), time: localTime(initial), protect: false, password: '' },
    validate: {
      date: (value, values) => {
        const at = pickedInstant(value, values.time);
        if (!at) return t`This field is required`;
        return at.getTime() <= (now ?? new Date()).getTime() ? t`Choose a time in the future, at most a year from now` : null;
      },
      time: (value) => (/^\d{2}:\d{2}$/.test(value) ? null : t`This field is required`),
      password: (value, values) => (values.protect && !isStrongSharePassword(value) ? t`Enter a password of 10 to 128 characters, with letters and digits` : null),
    },
  });

  const close = () => {
    setCreated(null);
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    const at = pickedInstant(values.date, values.time);
    if (!at) return;
    create.mutate(
      { recordingId: recording.id, expiresAt: at.toISOString(), password: values.protect ? values.password : null },
      {
        onSuccess: (answer) => {
          setCreated(answer);
          form.setFieldValue('password', '');
        },
        onError: (error) => showSubmitError(form, error, i18n, { pathOf: (field) => (field === 'expiresAt' ? 'date' : field === 'password' ? 'password' : null) }),
      },
    );
  });

  const items = shares.data?.items ?? [];
  return (
    <Dialog opened={opened} onClose={close} title={t`Share ${topic}`} size="lg" trapFocus>
      <Stack gap="md">
        <form noValidate onSubmit={submit}>
          <Stack gap="sm">
            <Group grow align="flex-start">
              <DateInput label={t`Expire Link`} required placeholder="YYYY-MM-DD" valueFormat="YYYY-MM-DD" dateParser={isoDate} dir="ltr" {...form.getInputProps('date')} />
              <TimeField label={t`Time`} required {...form.getInputProps('time')} />
            </Group>
            <Switch label={t`Password Protection`} {...form.getInputProps('protect', { type: 'checkbox' })} />
            {form.values.protect ? <PasswordField label={t`Password`} required autoComplete="new-password" {...form.getInputProps('password')} /> : null}
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                <Trans>Create link</Trans>
              </Button>
            </Group>
          </Stack>
        </form>

        {created ? (
          <Alert color="green" variant="light" title={t`Link created`}>
            <Stack gap="xs">
              <CopyField label={t`Link`} value={created.url} onCopy={() => notify.success(t`Link copied`)} />
              <Text size="sm">
                <Trans>Copy the link now: it is shown only once.</Trans>
              </Text>
            </Stack>
          </Alert>
        ) : null}

        <Title order={3} size="h5">
          <Trans>Links of this recording</Trans>
        </Title>
        {shares.isPending ? (
          <Group justify="center">
            <Loader size="sm" aria-label={t`Loading`} />
          </Group>
        ) : shares.isError ? (
          <Alert color="red" variant="light">
            <Group justify="space-between">
              <Text size="sm">{problemText(shares.error, i18n)}</Text>
              <Button size="xs" variant="default" onClick={() => void shares.refetch()}>
                <Trans>Retry</Trans>
              </Button>
            </Group>
          </Alert>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>This recording has no share links yet.</Trans>
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table aria-label={t`Links of this recording`} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Expires</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Password</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Status</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Actions</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((share) => {
                  const expires = format.dateTime(share.expiresAt);
                  return (
                  <Table.Tr key={share.id}>
                    <Table.Td>{expires}</Table.Td>
                    <Table.Td>{share.passwordProtected ? <IconLock size={16} aria-label={t`Password protected`} role="img" /> : <Trans>No</Trans>}</Table.Td>
                    <Table.Td>
                      <ShareStatus share={share} />
                    </Table.Td>
                    <Table.Td>
                      {share.status === 'active' ? (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          loading={revoke.isPending && revoke.variables.shareId === share.id}
                          aria-label={t`Revoke the link expiring ${expires}`}
                          onClick={() => revoke.mutate({ recordingId: recording.id, shareId: share.id }, { onSuccess: () => notify.success(t`Link revoked`) })}
                        >
                          <Trans>Revoke</Trans>
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            <Trans>Close</Trans>
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

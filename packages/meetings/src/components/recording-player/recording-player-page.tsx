import { Alert, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconAlertCircle, IconLock, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { hasProblemCode } from '@portal/api-client';
import { problemText } from '@portal/forms';
import { useDateFormat } from '@portal/i18n';
import { PageLoader, PasswordField } from '@portal/ui-kit';
import { useSharedRecording, type SharedRecording } from '../../api/recording-shares/get-shared-recording';
import { sharedVideoUrl } from '../../api/recording-shares/recording-files';
import { useUnlockSharedRecording } from '../../api/recording-shares/unlock-shared-recording';

/** Answers after which the link does not work at all: the page says why and shows nothing else. */
const LINK_GONE = ['share_not_found', 'share_expired', 'share_revoked', 'share_locked', 'recording_address_refused'];

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <Container size={760} py="xl" px="md">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">{children}</Stack>
      </Card>
    </Container>
  );
}

function Gone({ text }: { text: string }) {
  return (
    <Frame>
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
        {text}
      </Alert>
    </Frame>
  );
}

function Heading({ recording }: { recording: SharedRecording }) {
  const { t } = useLingui();
  const format = useDateFormat();
  const minutes = recording.durationSeconds === null ? null : Math.max(1, Math.round(recording.durationSeconds / 60));
  return (
    <Stack gap={4}>
      <Title order={1} size="h2">
        {recording.topic}
      </Title>
      <Text size="sm" c="dimmed">
        {t`Meeting ID`} <span dir="ltr">{recording.code}</span> · {format.dateTime(recording.startedAt)}
        {minutes === null ? null : ` · ${t`${minutes} min`}`}
      </Text>
    </Stack>
  );
}

function PasswordStep({ token, onGrant }: { token: string; onGrant: (grant: string) => void }) {
  const { t, i18n } = useLingui();
  const unlock = useUnlockSharedRecording();
  const form = useForm({ mode: 'controlled', initialValues: { password: '' }, validate: { password: (value) => (value === '' ? t`This field is required` : null) } });
  const refused = unlock.error && hasProblemCode(unlock.error, ['too_many_attempts', ...LINK_GONE]) ? problemText(unlock.error, i18n) : null;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ password }) =>
        unlock.mutate(
          { token, password },
          {
            onSuccess: (answer) => onGrant(answer.grant),
            onError: (error) => {
              if (hasProblemCode(error, ['share_password_wrong'])) form.setFieldError('password', problemText(error, i18n));
            },
          },
        ),
      )}
    >
      <Stack gap="sm">
        <Group gap="xs">
          <IconLock size={18} aria-hidden="true" />
          <Text>
            <Trans>This recording is protected by a password.</Trans>
          </Text>
        </Group>
        <PasswordField label={t`Password`} required autoComplete="current-password" data-autofocus {...form.getInputProps('password')} />
        {refused ? (
          <Alert color="red" variant="light" role="alert">
            {refused}
          </Alert>
        ) : unlock.isError && !hasProblemCode(unlock.error, ['share_password_wrong']) ? (
          <Alert color="red" variant="light" role="alert">
            {problemText(unlock.error, i18n)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={unlock.isPending} leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}>
            <Trans>Watch</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The public player of a recording's share link (`/recording/:token`, without sign-in or the
 * portal's chrome): asks for the password when the link has one, then plays the video, which the
 * browser streams with range requests (seeking asks only for what it needs). Expired, revoked and
 * unknown links, a refused network address and a wrong password each say so in the visitor's
 * language.
 */
export function RecordingPlayerPage() {
  const { token = '' } = useParams();
  const { t, i18n } = useLingui();
  const shared = useSharedRecording(token);
  const [grant, setGrant] = useState<string | null>(null);
  const [playbackFailed, setPlaybackFailed] = useState(false);

  if (shared.isPending) return <PageLoader />;
  if (shared.isError) {
    if (hasProblemCode(shared.error, LINK_GONE)) return <Gone text={problemText(shared.error, i18n)} />;
    return (
      <Frame>
        <Alert color="red" variant="light" role="alert">
          <Group justify="space-between">
            <Text size="sm">{problemText(shared.error, i18n)}</Text>
            <Button size="xs" variant="default" onClick={() => void shared.refetch()}>
              <Trans>Retry</Trans>
            </Button>
          </Group>
        </Alert>
      </Frame>
    );
  }
  const recording = shared.data;
  const { topic } = recording;
  const locked = recording.passwordRequired && grant === null;
  return (
    <Frame>
      <Heading recording={recording} />
      {!recording.hasVideo ? (
        <Alert color="yellow" variant="light" role="alert">
          <Trans>No files available for download</Trans>
        </Alert>
      ) : locked ? (
        <PasswordStep token={token} onGrant={setGrant} />
      ) : (
        <Stack gap="xs">
          {/* Recordings have no captions track: the meeting's own audio is all there is. */}
          <video
            controls
            preload="metadata"
            playsInline
            aria-label={t`Recording of ${topic}`}
            src={sharedVideoUrl(token, grant ?? undefined)}
            style={{ width: '100%', maxHeight: '70vh', background: 'black', borderRadius: 8 }}
            onError={() => {
              setPlaybackFailed(true);
              // The link may have expired or been revoked while the page was open.
              void shared.refetch();
            }}
          />
          {playbackFailed ? (
            <Alert color="red" variant="light" role="alert">
              <Trans>The video could not be played. The link may have expired or been revoked.</Trans>
            </Alert>
          ) : null}
        </Stack>
      )}
    </Frame>
  );
}

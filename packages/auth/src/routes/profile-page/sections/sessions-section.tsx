import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useDateFormat } from '@portal/i18n';
import { ErrorState, notify } from '@portal/ui-kit';
import { useLogout } from '../../../api/use-logout';
import type { ActiveSession } from '../../../api/use-sessions';
import { useEndSession } from '../../../api/use-end-session';
import { useSessions } from '../../../api/use-sessions';
import { profileMessages } from '../profile-messages';
import { SectionCard } from './section-card';

function SessionRow({ session, onEnd, ending }: { session: ActiveSession; onEnd: () => void; ending: boolean }) {
  const { t } = useLingui();
  const format = useDateFormat();
  const lastSeen = format.dateTime(session.lastSeenAt);
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="sm" py="xs" style={{ borderBlockEnd: '1px solid var(--mantine-color-default-border)' }}>
      <Group gap="sm" wrap="nowrap">
        <IconDeviceDesktop size={24} aria-hidden="true" />
        <Stack gap={0}>
          <Group gap="xs">
            <Text fw={500}>{session.device}</Text>
            {session.current ? (
              <Badge variant="light" color="green">
                <Trans>This device</Trans>
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {session.ip ?? t`Unknown address`} · <Trans>Last seen {lastSeen}</Trans>
          </Text>
        </Stack>
      </Group>
      <Button variant="default" size="xs" onClick={onEnd} loading={ending} aria-label={t`End session on ${session.device}, last seen ${lastSeen}`}>
        <Trans>End session</Trans>
      </Button>
    </Group>
  );
}

/** Where the account is signed in; ending this device's session signs out. */
export function SessionsSection() {
  const { i18n } = useLingui();
  const sessions = useSessions();
  const end = useEndSession();
  const logout = useLogout();

  const endSession = (session: ActiveSession) => {
    if (session.current) {
      logout.mutate();
      return;
    }
    end.mutate({ sessionId: session.id }, {
      onSuccess: () => notify.success(i18n._(profileMessages.sessionEnded)),
      onError: () => notify.error(i18n._(profileMessages.failed)),
    });
  };

  return (
    <SectionCard title={<Trans>Active sessions</Trans>} description={<Trans>Devices signed in to your account.</Trans>}>
      {sessions.isPending ? (
        <Group justify="center">
          <Loader size="sm" aria-label={i18n._(profileMessages.loadingSessions)} />
        </Group>
      ) : sessions.isError ? (
        <ErrorState message={i18n._(profileMessages.failed)} actionLabel={<Trans>Try again</Trans>} onAction={() => void sessions.refetch()} />
      ) : sessions.data.length === 0 ? (
        <Text c="dimmed">
          <Trans>There are no active sessions!</Trans>
        </Text>
      ) : (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
          {sessions.data.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              onEnd={() => endSession(session)}
              ending={(end.isPending && end.variables?.sessionId === session.id) || (session.current && logout.isPending)}
            />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

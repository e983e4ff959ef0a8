import { Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCalendarPlus, IconLogin2, IconUserCircle, IconVideo } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LOGIN_PATH, useCan, useCurrentUser, useTenantInfo } from '@portal/auth';
import { PageLoader, useDialogState } from '@portal/ui-kit';
import { JoinMeetingDialog } from '../join-meeting-dialog';
import { SCHEDULE_MEETING_PATH } from '../../routes/meeting-paths';

export type LandingPageProps = {
  /** The portal's release, shown at the foot of the page (spec business constants). */
  version: string;
  build: string;
};

type QuickActionProps = { to?: string; onClick?: () => void; icon: ReactNode; title: string; description: string };

function QuickAction({ to, onClick, icon, title, description }: QuickActionProps) {
  const content = (
      <Stack gap="sm">
        <ThemeIcon size={44} radius="md" variant="light">
          {icon}
        </ThemeIcon>
        <Text fw={600} size="lg">
          {title}
        </Text>
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      </Stack>
  );
  return to ? (
    <Card component={Link} to={to} withBorder radius="md" padding="lg" aria-label={title}>
      {content}
    </Card>
  ) : (
    <Card component="button" type="button" onClick={onClick} withBorder radius="md" padding="lg" aria-label={title} style={{ textAlign: 'start', cursor: 'pointer' }}>
      {content}
    </Card>
  );
}

function SignedOutWelcome() {
  const { data: tenant } = useTenantInfo();
  const brand = tenant?.brandname || tenant?.sname || '';
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>{brand ? <Trans>Welcome to {brand}</Trans> : <Trans>Welcome</Trans>}</Title>
      <Text c="dimmed" size="lg">
        <Trans>Share meetings with anyone: no sign-up or downloads needed to join.</Trans>
      </Text>
      <Group>
        <Button component={Link} to={LOGIN_PATH} leftSection={<IconLogin2 size={18} aria-hidden />}>
          <Trans>Login</Trans>
        </Button>
        {tenant?.signup.normal !== false ? (
          <Button component={Link} to="/register" variant="default">
            <Trans>Create an account</Trans>
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/** The meetings home: the quick actions once signed in, an invitation to sign in otherwise. */
export function LandingPage({ version, build }: LandingPageProps) {
  const { t } = useLingui();
  const { data: user, isPending } = useCurrentUser();
  // The schedule screen's own gate (meeting.schedule.put; every role holding it is in the member
  // group): a role without it is not offered a link its route guard would refuse.
  const canSchedule = useCan('meeting.schedule.put');
  const join = useDialogState<null>();

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        {isPending ? (
          <PageLoader h={240} />
        ) : user ? (
          <>
            <Title order={1}>
              <Trans>Welcome, {user.displayName || user.firstName}</Trans>
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
              <QuickAction
                to="/profile"
                icon={<IconUserCircle size={24} aria-hidden />}
                title={t`View profile`}
                description={t`Your name, language, time zone and sign-in settings.`}
              />
              {canSchedule ? (
                <QuickAction
                  to={SCHEDULE_MEETING_PATH}
                  icon={<IconCalendarPlus size={24} aria-hidden />}
                  title={t`Schedule a meeting`}
                  description={t`Plan a meeting and invite participants.`}
                />
              ) : null}
              <QuickAction
                onClick={() => join.open(null)}
                icon={<IconVideo size={24} aria-hidden />}
                title={t`Join a meeting`}
                description={t`Enter a meeting id to join the meeting.`}
              />
            </SimpleGrid>
          </>
        ) : (
          <SignedOutWelcome />
        )}
        <Group gap="lg" c="dimmed">
          <Text size="sm">
            <Trans>Version {version}</Trans>
          </Text>
          <Text size="sm">
            <Trans>Build {build}</Trans>
          </Text>
        </Group>
      </Stack>
      <JoinMeetingDialog key={`join-${join.key}`} opened={join.opened} onClose={join.close} />
    </Container>
  );
}

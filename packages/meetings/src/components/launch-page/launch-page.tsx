import { Anchor, Button, Card, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconBrandAndroid, IconBrandApple, IconBrandChrome, IconBrandWindows, IconDownload, IconLogin2, IconPlayerPlay, IconUserCircle, IconVideo } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LANDING_PATH, LOGIN_PATH, useCurrentUser, useTenantInfo } from '@portal/auth';
import { problemText } from '@portal/forms';
import { CopyField, notify, PageLoader, useDialogState } from '@portal/ui-kit';
import { usePersonalMeeting } from '../../api/meetings/get-personal-meeting';
import { JoinMeetingDialog } from '../join-meeting-dialog';
import { startMeeting } from '../meeting-list';

function PersonalMeetingCard() {
  const { t, i18n } = useLingui();
  const personal = usePersonalMeeting();
  if (personal.isPending) return <PageLoader h={120} />;
  if (personal.isError) return <Text c="red">{problemText(personal.error, i18n)}</Text>;
  if (!personal.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text>
          <Trans>You have no personal meeting yet.</Trans>
        </Text>
        <Button component={Link} to="/personal-meeting" leftSection={<IconVideo size={16} aria-hidden="true" />}>
          <Trans>Create your personal meeting</Trans>
        </Button>
      </Stack>
    );
  }
  const meeting = personal.data;
  return (
    <Stack gap="sm">
      <CopyField label={t`Personal meeting URL`} value={meeting.joinUrl} onCopy={() => notify.success(t`Link copied`)} />
      <Group gap="sm">
        <Button leftSection={<IconPlayerPlay size={16} aria-hidden="true" />} onClick={() => startMeeting(meeting.joinUrl)}>
          <Trans>Start Meeting Now</Trans>
        </Button>
        <Button component={Link} to="/profile" variant="default" leftSection={<IconUserCircle size={16} aria-hidden="true" />}>
          <Trans>My Account</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

type AppLinks = NonNullable<ReturnType<typeof useTenantInfo>['data']>['appLinks'];

/**
 * The app downloads (spec): the links the platform administrator saved in the system settings for
 * the apps this tenant offers (getTenantInfo `appLinks`); an app without a link is not shown, and
 * with none the card says meetings need nothing but the browser.
 */
function AppDownloads({ links }: { links: AppLinks | undefined }) {
  const { t } = useLingui();
  const apps = [
    { key: 'windows', href: links?.windows, label: t`Download for Windows`, icon: <IconBrandWindows size={16} aria-hidden="true" /> },
    { key: 'mac', href: links?.mac, label: t`Download for macOS`, icon: <IconBrandApple size={16} aria-hidden="true" /> },
    { key: 'android', href: links?.android, label: t`Download for Android`, icon: <IconBrandAndroid size={16} aria-hidden="true" /> },
    { key: 'ios', href: links?.ios, label: t`Download for iPhone and iPad`, icon: <IconBrandApple size={16} aria-hidden="true" /> },
  ].filter((app): app is typeof app & { href: string } => typeof app.href === 'string' && app.href !== '');
  if (apps.length === 0) {
    return (
      <Text size="sm">
        <Trans>Meetings run in your web browser: there is nothing to download or install.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm">
        <Trans>Download the app for your device, or take part in your web browser with nothing to install.</Trans>
      </Text>
      <Group gap="sm" role="list" aria-label={t`App downloads`}>
        {apps.map((app) => (
          <div role="listitem" key={app.key}>
            <Button component="a" href={app.href} target="_blank" rel="noopener noreferrer" variant="default" leftSection={app.icon} rightSection={<IconDownload size={14} aria-hidden="true" />}>
              {app.label}
            </Button>
          </div>
        ))}
      </Group>
    </Stack>
  );
}

/**
 * The launch page (spec, public and without the portal's chrome): the personal meeting URL, Start
 * Meeting Now and My Account once signed in, joining a meeting by its id, and the app downloads
 * (or, with none, that the browser is enough).
 */
export function LaunchPage() {
  const { t } = useLingui();
  const { data: tenant } = useTenantInfo();
  const { data: user, isPending } = useCurrentUser();
  const join = useDialogState<null>();
  const brand = tenant?.brandname || tenant?.sname || '';

  return (
    <Container size="sm" py="xl">
      <Stack gap="xl">
        <Stack gap={4}>
          {brand ? (
            <Text c="dimmed" fw={600}>
              {brand}
            </Text>
          ) : null}
          <Title order={1}>
            <Trans>Start or join a meeting</Trans>
          </Title>
        </Stack>
        <Card withBorder radius="md" padding="lg">
          {isPending ? (
            <PageLoader h={120} />
          ) : user ? (
            <PersonalMeetingCard />
          ) : (
            <Stack gap="sm" align="flex-start">
              <Text>
                <Trans>Sign in to start your personal meeting.</Trans>
              </Text>
              <Button component={Link} to={LOGIN_PATH} leftSection={<IconLogin2 size={16} aria-hidden="true" />}>
                <Trans>Login</Trans>
              </Button>
            </Stack>
          )}
        </Card>
        <Group>
          <Button variant="light" onClick={() => join.open(null)}>
            <Trans>Join a meeting</Trans>
          </Button>
        </Group>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="xs">
            <Title order={2} size="h4">
              <Trans>Apps</Trans>
            </Title>
            <AppDownloads links={tenant?.appLinks} />
            <List size="sm" icon={<IconBrandChrome size={16} aria-hidden="true" />}>
              <List.Item>{t`Computers: a recent Chrome, Edge, Firefox or Safari.`}</List.Item>
              <List.Item>{t`Phones and tablets: open the meeting link in the browser.`}</List.Item>
            </List>
            <Anchor component={Link} to={LANDING_PATH} size="sm">
              <Trans>Go to the portal</Trans>
            </Anchor>
          </Stack>
        </Card>
      </Stack>
      <JoinMeetingDialog key={`join-${join.key}`} opened={join.opened} onClose={join.close} />
    </Container>
  );
}

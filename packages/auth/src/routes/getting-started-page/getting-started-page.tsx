import { Button, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useTenantInfo } from '../../api/use-tenant-info';
import { LOGIN_PATH } from '../../utils/post-login-redirect';
import { AuthPageFrame } from '../auth-page-frame';
import { SIGNUP_PATH } from '../signup-paths';

function Step({ number }: { number: number }) {
  return (
    <ThemeIcon radius="xl" size={24} aria-hidden>
      <Text size="xs" fw={700}>
        {number}
      </Text>
    </ThemeIcon>
  );
}

/** Spec 'Getting started': the three steps from an account to a first meeting. */
export default function GettingStartedPage() {
  const { data: tenant, isPending } = useTenantInfo();
  const signupOpen = tenant?.signup.normal !== false;
  return (
    <AuthPageFrame>
      <Stack gap={4}>
        <Title order={1} size="h2">
          <Trans>Getting started</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>From an account to your first meeting in three steps.</Trans>
        </Text>
      </Stack>
      <List spacing="md" center>
        <List.Item icon={<Step number={1} />}>
          <Trans>Create your account with your work email and choose a password.</Trans>
        </List.Item>
        <List.Item icon={<Step number={2} />}>
          <Trans>Schedule a meeting or open your personal meeting room.</Trans>
        </List.Item>
        <List.Item icon={<Step number={3} />}>
          <Trans>Invite participants and start the meeting.</Trans>
        </List.Item>
      </List>
      {/* Until the tenant's sign-up flag is known, no button that might have to disappear. */}
      {isPending ? null : (
        <Group grow>
          {signupOpen ? (
            <Button component={Link} to={SIGNUP_PATH}>
              <Trans>Create Account</Trans>
            </Button>
          ) : null}
          <Button component={Link} to={LOGIN_PATH} variant={signupOpen ? 'default' : 'filled'}>
            <Trans>Login</Trans>
          </Button>
        </Group>
      )}
    </AuthPageFrame>
  );
}

import { Anchor, Button, List, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTenantInfo } from '../../api/use-tenant-info';
import { ProviderButtons } from '../../components/provider-buttons';
import { LOGIN_PATH } from '../../utils/post-login-redirect';
import { AuthPageFrame } from '../auth-page-frame';
import { REGISTER_PATH } from '../signup-paths';
import { SignupUnavailable } from '../signup-unavailable';

/** Spec 'Sign-up': the Create Account call to action with the terms and privacy notices. */
export default function SignupPage() {
  const { data: tenant } = useTenantInfo();
  const brand = tenant?.brandname ?? '';
  return (
    <AuthPageFrame>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {brand ? <Trans>Sign up for {brand}</Trans> : <Trans>Sign up</Trans>}
        </Title>
        <Text c="dimmed">
          <Trans>Meet, share and record with your team from any device.</Trans>
        </Text>
      </Stack>
      {tenant && !tenant.signup.normal ? (
        <SignupUnavailable />
      ) : (
        <Stack gap="md">
          <List spacing="xs" icon={<IconCheck size={16} aria-hidden />}>
            <List.Item>
              <Trans>Video meetings with screen sharing and recording</Trans>
            </List.Item>
            <List.Item>
              <Trans>Scheduling with invitations and reminders</Trans>
            </List.Item>
            <List.Item>
              <Trans>Your own personal meeting room</Trans>
            </List.Item>
          </List>
          <Button component={Link} to={REGISTER_PATH} fullWidth size="md">
            <Trans>Create Account</Trans>
          </Button>
          <Text size="xs" c="dimmed">
            {brand ? (
              <Trans>By creating an account you agree to the Terms of Service of {brand}.</Trans>
            ) : (
              <Trans>By creating an account you agree to the Terms of Service.</Trans>
            )}
          </Text>
          <Text size="xs" c="dimmed">
            <Trans>
              Privacy notice: we use your name and work email to run your account and send you service emails. We do not sell your data.
            </Trans>
          </Text>
        </Stack>
      )}
      {/* Shown only while the tenant's social sign-up is open and it has providers. */}
      <ProviderButtons intent="signup" />
      <Text size="sm" ta="center">
        <Trans>
          Already have an account?{' '}
          <Anchor component={Link} to={LOGIN_PATH}>
            Login
          </Anchor>
        </Trans>
      </Text>
    </AuthPageFrame>
  );
}

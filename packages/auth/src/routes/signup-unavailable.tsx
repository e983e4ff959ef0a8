import { Alert, Anchor, Stack } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { LOGIN_PATH } from '../utils/post-login-redirect';

/** Shown instead of a sign-up form when the tenant has turned sign-up with email off. */
export function SignupUnavailable() {
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" role="status">
        <Trans>Creating an account is not available here. Ask your administrator for an invitation.</Trans>
      </Alert>
      <Anchor component={Link} to={LOGIN_PATH} ta="center">
        <Trans>Back to login</Trans>
      </Anchor>
    </Stack>
  );
}

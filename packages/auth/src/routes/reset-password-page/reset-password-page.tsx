import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '@portal/api-client';
import { messageForFieldError, validationMessages } from '@portal/i18n';
import { notify, PasswordField } from '@portal/ui-kit';
import { useUpdatePassword } from '../../api/use-update-password';
import type { PasswordGrant } from '../../api/use-update-password';
import { useSessionStore } from '../../stores/session-store';
import { isValidPassword } from '@portal/forms';
import { LOGIN_PATH } from '../../utils/post-login-redirect';
import { AuthPageFrame } from '../auth-page-frame';
import { LinkProblem, linkProblemOf, type LinkProblemCode } from '../link-problem';
import { FORGOT_PASSWORD_PATH } from '../signup-paths';

const messages = {
  updated: msg`Password updated successfully`,
  failed: msg`Failed. try again`,
};

type ResetValues = { password: string; confirmPassword: string };

/**
 * Sets a new password, authorised by the invite or reset link's `token` (from Forgot password too)
 * or by the temporary id a sign-in answered with when the account had to change its password.
 * A refused link says why (unknown, used, expired) and offers a new one.
 */
export default function ResetPasswordPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const tmpid = useSessionStore((state) => state.tmpid);
  const token = searchParams.get('token');
  const grant: PasswordGrant | null = token ? { token } : tmpid ? { tmpid } : null;
  const [linkProblem, setLinkProblem] = useState<LinkProblemCode | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdatePassword();

  const form = useForm<ResetValues>({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: (value) => (isValidPassword(value) ? null : i18n._(validationMessages.password)),
      confirmPassword: (value, values) => (value === values.password ? null : i18n._(validationMessages.passwordsMismatch)),
    },
  });

  const submit = form.onSubmit(async ({ password }) => {
    if (!grant) return;
    setFormError(null);
    try {
      await update.mutateAsync({ ...grant, password });
      useSessionStore.getState().setTmpid(null);
      notify.success(i18n._(messages.updated));
      await navigate(LOGIN_PATH, { replace: true });
    } catch (error) {
      const problem = linkProblemOf(error);
      if (problem) {
        setLinkProblem(problem);
        return;
      }
      const passwordError = isApiError(error) ? error.fieldCodes().password : undefined;
      if (passwordError) {
        form.setFieldError('password', messageForFieldError(passwordError, i18n));
        return;
      }
      const message = i18n._(messages.failed);
      setFormError(message);
      notify.error(message);
    }
  });

  return (
    <AuthPageFrame>
      <Stack gap={4}>
        <Title order={1} size="h2">
          <Trans>Reset password</Trans>
        </Title>
        {grant && !linkProblem ? (
          <Text c="dimmed">
            <Trans>Choose a new password for your account.</Trans>
          </Text>
        ) : null}
      </Stack>

      {!grant || linkProblem ? (
        // A mailed link can be replaced from Forgot password; a sign-in's temporary id by signing in again.
        <LinkProblem code={linkProblem ?? 'token_invalid'} newLinkPath={token || !grant ? FORGOT_PASSWORD_PATH : undefined} />
      ) : (
        <form onSubmit={submit} noValidate aria-label={t`Reset password`}>
          <Stack gap="md">
            <PasswordField
              label={t`New password`}
              autoComplete="new-password"
              required
              withAsterisk={false}
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <PasswordField
              label={t`Retype password`}
              autoComplete="new-password"
              required
              withAsterisk={false}
              key={form.key('confirmPassword')}
              {...form.getInputProps('confirmPassword')}
            />
            {formError ? (
              <Alert color="red" variant="light" role="alert">
                {formError}
              </Alert>
            ) : null}
            <Button type="submit" fullWidth loading={update.isPending}>
              <Trans>Update password</Trans>
            </Button>
            <Anchor component={Link} to={LOGIN_PATH} size="sm" ta="center">
              <Trans>Back to login</Trans>
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthPageFrame>
  );
}

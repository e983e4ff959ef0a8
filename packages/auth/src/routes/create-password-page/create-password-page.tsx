import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '@portal/api-client';
import { messageForFieldError, validationMessages } from '@portal/i18n';
import { notify, PasswordField } from '@portal/ui-kit';
import { useEnableUser } from '../../api/use-enable-user';
import { isValidPassword } from '@portal/forms';
import { LOGIN_PATH } from '../../utils/post-login-redirect';
import { AuthPageFrame } from '../auth-page-frame';
import { LinkProblem, linkProblemOf, type LinkProblemCode } from '../link-problem';
import { FORGOT_PASSWORD_PATH, THANK_YOU_PATH } from '../signup-paths';

const messages = {
  created: msg`Password created successfully`,
  failed: msg`Failed. try again`,
};

type CreateValues = { password: string; confirmPassword: string };

/**
 * Spec 'Create password': the sign-up mail's CREATE PASSWORD link lands here. Once the password is
 * created the user signs in with it on the login page (so the browser can offer to save it).
 */
export default function CreatePasswordPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [linkProblem, setLinkProblem] = useState<LinkProblemCode | null>(token ? null : 'token_invalid');
  const [formError, setFormError] = useState<string | null>(null);
  const enable = useEnableUser();

  const form = useForm<CreateValues>({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: (value) => (isValidPassword(value) ? null : i18n._(validationMessages.password)),
      confirmPassword: (value, values) => (value === values.password ? null : i18n._(validationMessages.passwordsMismatch)),
    },
  });

  const submit = form.onSubmit(async ({ password }) => {
    if (!token) return;
    setFormError(null);
    try {
      await enable.mutateAsync({ token, password });
      notify.success(i18n._(messages.created));
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
          <Trans>Create password</Trans>
        </Title>
        {linkProblem ? null : (
          <Text c="dimmed">
            <Trans>Choose the password you will sign in with.</Trans>
          </Text>
        )}
      </Stack>
      {linkProblem ? (
        // A used sign-up link means the password exists already: a new one comes from Forgot password.
        // An expired or unknown one is sent again from the Thank-you page.
        <LinkProblem code={linkProblem} newLinkPath={linkProblem === 'token_used' ? FORGOT_PASSWORD_PATH : THANK_YOU_PATH} />
      ) : (
        <form onSubmit={submit} noValidate aria-label={t`Create password`}>
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
            <Button type="submit" fullWidth loading={enable.isPending}>
              <Trans>Create password</Trans>
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

import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { isApiError } from '@portal/api-client';
import { problemText } from '@portal/forms';
import { notify } from '@portal/ui-kit';
import { useLoginTwoFactor } from '../../api/use-login-two-factor';
import { twoFactorMessages } from '../../components/two-factor/two-factor-messages';

export type TwoFactorStepProps = {
  /** The temporary id the password step answered with. */
  tmpid: string;
  /** Back to the email and password form (also where an expired tmpid leads). */
  onBack: () => void;
  onSignedIn: () => void | Promise<void>;
};

type Mode = 'code' | 'recovery';

const messages = {
  enterCode: twoFactorMessages.enterCode,
  enterRecoveryCode: msg`Enter a recovery code`,
  codeInvalid: twoFactorMessages.codeInvalid,
  recoveryCodeInvalid: msg`This recovery code is not valid or was already used`,
  expired: msg`Your sign-in has expired. Please enter your password again.`,
};

function errorMessage(error: unknown, mode: Mode, i18n: I18n): string {
  if (isApiError(error) && error.code === 'code_invalid') return i18n._(mode === 'code' ? messages.codeInvalid : messages.recoveryCodeInvalid);
  if (isApiError(error) && error.code === 'token_invalid') return i18n._(messages.expired);
  return problemText(error, i18n);
}

/** The second sign-in step of an account with two-factor on: authenticator code or recovery code. */
export function TwoFactorStep({ tmpid, onBack, onSignedIn }: TwoFactorStepProps) {
  const { t, i18n } = useLingui();
  const verify = useLoginTwoFactor();
  const [mode, setMode] = useState<Mode>('code');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    // `mode` is mirrored in the values so the validators (fixed at the first render) see the current one.
    initialValues: { mode: 'code' as Mode, code: '', recoveryCode: '' },
    validate: {
      code: (value, values) => (values.mode === 'code' && !/^\d{6}$/.test(value.trim()) ? i18n._(messages.enterCode) : null),
      recoveryCode: (value, values) =>
        values.mode === 'recovery' && value.replace(/[\s-]/g, '').length < 10 ? i18n._(messages.enterRecoveryCode) : null,
    },
  });

  const switchMode = () => {
    const next: Mode = mode === 'code' ? 'recovery' : 'code';
    setMode(next);
    form.setFieldValue('mode', next);
    setFormError(null);
    form.clearErrors();
  };

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await verify.mutateAsync(mode === 'code' ? { tmpid, code: values.code.trim() } : { tmpid, recoveryCode: values.recoveryCode.trim() });
      await onSignedIn();
    } catch (error) {
      const message = errorMessage(error, mode, i18n);
      if (isApiError(error) && error.code === 'token_invalid') {
        notify.error(message);
        onBack();
        return;
      }
      setFormError(message);
      form.setFieldValue(mode === 'code' ? 'code' : 'recoveryCode', '');
    }
  });

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          <Trans>Two-factor authentication</Trans>
        </Title>
        <Text c="dimmed">
          {mode === 'code' ? (
            <Trans>Enter the 6-digit code from your authenticator app.</Trans>
          ) : (
            <Trans>Enter one of the recovery codes you saved when you turned on two-factor authentication.</Trans>
          )}
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate aria-label={t`Two-factor authentication`}>
        <Stack gap="md">
          {mode === 'code' ? (
            <TextInput
              label={t`Authentication code`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              data-autofocus
              autoFocus
              required
              withAsterisk={false}
              key={form.key('code')}
              {...form.getInputProps('code')}
            />
          ) : (
            <TextInput
              label={t`Recovery code`}
              autoComplete="off"
              spellCheck={false}
              maxLength={20}
              autoFocus
              required
              withAsterisk={false}
              key={form.key('recoveryCode')}
              {...form.getInputProps('recoveryCode')}
            />
          )}
          {formError ? (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          ) : null}
          <Button type="submit" fullWidth loading={verify.isPending}>
            <Trans>Verify</Trans>
          </Button>
          <Group justify="space-between">
            <Anchor component="button" type="button" size="sm" onClick={onBack}>
              <Trans>Back</Trans>
            </Anchor>
            <Anchor component="button" type="button" size="sm" onClick={switchMode}>
              {mode === 'code' ? <Trans>Use a recovery code</Trans> : <Trans>Use the authenticator app</Trans>}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconShieldLock } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { notify } from '@portal/ui-kit';
import { useDisableTwoFactor } from '../../api/use-disable-two-factor';
import { useEnableTwoFactor } from '../../api/use-enable-two-factor';
import { useStartTwoFactor } from '../../api/use-start-two-factor';
import type { TwoFactorSetup } from '../../api/use-start-two-factor';
import { useTwoFactorStatus } from '../../api/use-two-factor-status';
import { DisableForm } from './disable-form';
import { PasswordStep } from './password-step';
import { RecoveryCodes } from './recovery-codes';
import { ScanStep } from './scan-step';
import { twoFactorError, twoFactorMessages } from './two-factor-messages';

type Step = { kind: 'idle' } | { kind: 'password' } | { kind: 'scan'; setup: TwoFactorSetup } | { kind: 'codes'; codes: string[] } | { kind: 'disable' };

/** Spec 'Two-factor setup' in the profile: status, turning it on (password, QR code, code) and off. */
export function TwoFactorPanel() {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const status = useTwoFactorStatus();
  const start = useStartTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [formError, setFormError] = useState<string | null>(null);

  const go = (next: Step) => {
    setFormError(null);
    setStep(next);
  };

  /** Field errors go back to the step's form; anything else shows above it. */
  const fieldMessage = (error: unknown, field: 'password' | 'code'): string | null => {
    const problem = twoFactorError(error, i18n);
    if (problem.field === field) return problem.message;
    setFormError(problem.message);
    return null;
  };

  const enabled = status.data?.enabled === true;

  let body;
  if (status.isPending) {
    body = <Skeleton h={36} aria-label={t`Loading`} />;
  } else if (status.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between">
          <Trans>Failed, try again</Trans>
          <Button size="xs" variant="default" onClick={() => void status.refetch()}>
            <Trans>Retry</Trans>
          </Button>
        </Group>
      </Alert>
    );
  } else if (step.kind === 'password') {
    body = (
      <PasswordStep
        intro={<Trans>Enter your password to set up two-factor authentication.</Trans>}
        submitLabel={<Trans>Continue</Trans>}
        pending={start.isPending}
        onCancel={() => go({ kind: 'idle' })}
        onSubmit={async (password) => {
          setFormError(null);
          try {
            go({ kind: 'scan', setup: await start.mutateAsync({ password }) });
            return null;
          } catch (error) {
            return fieldMessage(error, 'password');
          }
        }}
      />
    );
  } else if (step.kind === 'scan') {
    body = (
      <ScanStep
        setup={step.setup}
        pending={enable.isPending}
        onCancel={() => go({ kind: 'idle' })}
        onVerify={async (code) => {
          setFormError(null);
          try {
            const { recoveryCodes } = await enable.mutateAsync({ code });
            notify.success(i18n._(twoFactorMessages.enabled));
            go({ kind: 'codes', codes: recoveryCodes });
            return null;
          } catch (error) {
            return fieldMessage(error, 'code');
          }
        }}
      />
    );
  } else if (step.kind === 'codes') {
    body = (
      <Stack gap="sm">
        <Alert color="teal" variant="light">
          {i18n._(twoFactorMessages.enabled)}
        </Alert>
        <RecoveryCodes codes={step.codes} onDone={() => go({ kind: 'idle' })} />
      </Stack>
    );
  } else if (step.kind === 'disable') {
    body = (
      <DisableForm
        pending={disable.isPending}
        onCancel={() => go({ kind: 'idle' })}
        onFormError={setFormError}
        onSubmit={async (input) => {
          setFormError(null);
          try {
            await disable.mutateAsync(input);
            notify.success(i18n._(twoFactorMessages.disabled));
            go({ kind: 'idle' });
            return null;
          } catch (error) {
            return twoFactorError(error, i18n);
          }
        }}
      />
    );
  } else {
    body = (
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" maw={480}>
          {enabled ? (
            <Trans>Signing in asks for a code from your authenticator app.</Trans>
          ) : (
            <Trans>Add a second step to signing in: a code from an authenticator app on your phone.</Trans>
          )}
        </Text>
        {enabled ? (
          <Button variant="default" color="red" onClick={() => go({ kind: 'disable' })}>
            <Trans>Disable</Trans>
          </Button>
        ) : (
          <Button onClick={() => go({ kind: 'password' })}>
            <Trans>Enable</Trans>
          </Button>
        )}
      </Group>
    );
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <IconShieldLock size={20} aria-hidden="true" />
            <Title order={2} size="h4" id={headingId}>
              <Trans>Two-factor authentication</Trans>
            </Title>
          </Group>
          {status.data ? (
            <Badge color={enabled ? 'teal' : 'gray'} variant="light">
              {enabled ? <Trans>On</Trans> : <Trans>Off</Trans>}
            </Badge>
          ) : null}
        </Group>
        {enabled && step.kind === 'idle' && status.data ? (
          <Text size="xs" c="dimmed">
            <Trans>Recovery codes left: {status.data.recoveryCodesLeft}</Trans>
          </Text>
        ) : null}
        {formError ? (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        ) : null}
        {body}
      </Stack>
    </Paper>
  );
}

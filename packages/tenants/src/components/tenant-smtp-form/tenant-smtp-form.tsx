import { Alert, Button, Divider, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { isValidEmail, showSubmitError } from '@portal/forms';
import { validationMessages } from '@portal/i18n';
import { notify, PasswordField } from '@portal/ui-kit';
import { useSaveTenantSmtp } from '../../api/tenants/save-tenant-smtp';
import { useSendTenantTestMail } from '../../api/tenants/send-tenant-test-mail';
import type { TenantSmtp } from '../../api/tenants/get-tenant-smtp';
import { topLevelFieldOf } from '@portal/api-client';

export type TenantSmtpFormProps = {
  tenantId: string;
  /** The stored settings, or null while the tenant's mail goes through the platform's server. */
  smtp: TenantSmtp | null;
  /** Pre-fills the test mail's recipient (the signed-in administrator). */
  defaultTestRecipient?: string;
};

type Values = { host: string; port: number | string; security: TenantSmtp['security']; username: string; password: string; fromName: string; fromEmail: string };

const SERVER_FIELDS = ['host', 'port', 'security', 'username', 'password', 'fromName', 'fromEmail'] as const;
const host = /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/;

/**
 * The "SMTP" section: the tenant's own mail server. The stored password is never shown; leaving
 * the field empty keeps it. "Send test mail" sends through the saved settings now and shows the
 * server's own answer, so a wrong password or port is seen at once.
 */
export function TenantSmtpForm({ tenantId, smtp, defaultTestRecipient = '' }: TenantSmtpFormProps) {
  const { t, i18n } = useLingui();
  const save = useSaveTenantSmtp(tenantId);
  const sendTest = useSendTenantTestMail();
  const [to, setTo] = useState(defaultTestRecipient);
  const [toError, setToError] = useState<string | null>(null);
  const [result, setResult] = useState<{ delivered: boolean; message: string } | null>(null);

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      host: smtp?.host ?? '',
      port: smtp?.port ?? 587,
      security: smtp?.security ?? 'starttls',
      username: smtp?.username ?? '',
      password: '',
      fromName: smtp?.fromName ?? '',
      fromEmail: smtp?.fromEmail ?? '',
    },
    validate: {
      host: (value) => (host.test(value.trim()) ? null : t`Enter a valid host name`),
      port: (value) => (Number.isInteger(Number(value)) && Number(value) >= 1 && Number(value) <= 65535 ? null : t`Enter a port between 1 and 65535`),
      fromName: (value) => (value.trim() ? null : i18n._(validationMessages.required)),
      fromEmail: (value) => (isValidEmail(value.trim()) ? null : i18n._(validationMessages.validEmail)),
    },
  });

  const submit = form.onSubmit(async (values) => {
    const body = {
      host: values.host.trim(),
      port: Number(values.port),
      security: values.security,
      username: values.username.trim() || null,
      fromName: values.fromName.trim(),
      fromEmail: values.fromEmail.trim(),
      // Empty keeps the stored password on the server.
      ...(values.password ? { password: values.password } : {}),
    };
    try {
      await save.mutateAsync({ exists: smtp !== null, body });
      form.resetDirty({ ...values, password: '' });
      form.setFieldValue('password', '');
      notify.success(t`SMTP settings saved successfully`);
    } catch (error) {
      showSubmitError(form, error, i18n, { pathOf: topLevelFieldOf(SERVER_FIELDS) });
    }
  });

  const test = () => {
    if (!isValidEmail(to.trim())) {
      setToError(i18n._(validationMessages.validEmail));
      return;
    }
    setToError(null);
    setResult(null);
    sendTest.mutate({ tenantId, to: to.trim() }, { onSuccess: setResult });
  };

  return (
    <Stack gap="lg">
      <form onSubmit={submit} noValidate aria-label={t`SMTP`}>
        <Stack gap="sm">
          {smtp === null ? (
            <Text c="dimmed" size="sm">
              <Trans>This tenant's mail goes through the platform's mail server until its own is saved here.</Trans>
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t`Host`} required dir="ltr" autoComplete="off" {...form.getInputProps('host')} />
            <NumberInput label={t`Port`} required min={1} max={65535} allowDecimal={false} {...form.getInputProps('port')} />
            <Select
              label={t`Security`}
              allowDeselect={false}
              data={[
                { value: 'starttls', label: 'STARTTLS' },
                { value: 'tls', label: 'TLS' },
                { value: 'none', label: t`None` },
              ]}
              {...form.getInputProps('security')}
            />
            <TextInput label={t`Username`} dir="ltr" autoComplete="off" {...form.getInputProps('username')} />
            <PasswordField
              label={t`Password`}
              autoComplete="new-password"
              description={smtp?.hasPassword ? t`A password is stored; leave empty to keep it` : undefined}
              {...form.getInputProps('password')}
            />
            <div />
            <TextInput label={t`Sender name`} required {...form.getInputProps('fromName')} />
            <TextInput label={t`Sender email`} required type="email" dir="ltr" {...form.getInputProps('fromEmail')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              <Trans>Save</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
      <Divider />
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t`Test mail recipient`}
            type="email"
            dir="ltr"
            value={to}
            error={toError}
            onChange={(event) => setTo(event.currentTarget.value)}
            style={{ flexGrow: 1 }}
            disabled={smtp === null}
          />
          <Button variant="light" leftSection={<IconSend size={16} aria-hidden="true" />} loading={sendTest.isPending} disabled={smtp === null || form.isDirty()} onClick={test}>
            <Trans>Send test mail</Trans>
          </Button>
        </Group>
        {smtp !== null && form.isDirty() ? (
          <Text size="sm" c="dimmed">
            <Trans>Save the settings before sending a test mail.</Trans>
          </Text>
        ) : null}
        {result ? (
          <Alert
            role="status"
            color={result.delivered ? 'green' : 'red'}
            icon={result.delivered ? <IconCircleCheck aria-hidden="true" /> : <IconAlertTriangle aria-hidden="true" />}
            title={result.delivered ? t`Test mail sent` : t`The test mail could not be sent`}
          >
            <Text size="sm" dir="ltr" style={{ wordBreak: 'break-word' }}>
              {result.message}
            </Text>
          </Alert>
        ) : null}
      </Stack>
    </Stack>
  );
}

import { List, Select, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormDialog, notify, PasswordField } from '@portal/ui-kit';
import type { TenantApp } from '../../api/get-tenant-apps';
import { useInstallTenantApp } from '../../api/install-tenant-app';
import { useUpdateTenantApp } from '../../api/update-tenant-app';
import {
  initialPartnerAppValues,
  PARTNER_APP_REGIONS,
  PARTNER_APPS,
  partnerAppFieldError,
  partnerAppFieldErrorText,
  partnerAppProblemText,
  partnerAppSettingsBody,
  type PartnerAppField,
  type PartnerAppFormValues,
} from '../../utils/partner-apps';
import { showSubmitError, OWN_ERROR_NOTICE } from '@portal/forms';

export type PartnerAppDialogProps = {
  opened: boolean;
  tenantId: string;
  /** Not installed or uninstalled: the install wizard; installed: its settings. */
  app: TenantApp;
  onClose: () => void;
};

const SETTINGS_STEP = 1;

/**
 * Installs a partner app in two steps (spec "Apps have Install, ... Next"): what the app is and
 * what it will reach, then Next, then its settings and Install. An uninstalled app's saved settings
 * come back prefilled and installing it switches it on again; an installed app opens on its
 * settings alone. The API key is write-only: empty keeps the stored one. Mount it with a fresh `key`
 * per opening.
 */
export function PartnerAppDialog({ opened, tenantId, app, onClose }: PartnerAppDialogProps) {
  const { t, i18n } = useLingui();
  const entry = PARTNER_APPS[app.app];
  const name = entry.name;
  const installing = app.state !== 'installed';
  const [step, setStep] = useState(installing ? 0 : SETTINGS_STEP);
  const install = useInstallTenantApp(tenantId);
  const update = useUpdateTenantApp(tenantId, { meta: OWN_ERROR_NOTICE });
  const pending = install.isPending || update.isPending;
  const hasStoredKey = app.settings?.hasApiKey === true;
  const firstField = useRef<HTMLInputElement>(null);
  const movedOn = useRef(false);

  const check = (field: PartnerAppField) => (_value: unknown, values: PartnerAppFormValues) => partnerAppFieldError(app.app, field, values, hasStoredKey, i18n);
  const form = useForm<PartnerAppFormValues>({
    mode: 'controlled',
    initialValues: initialPartnerAppValues(app),
    validate: { apiKey: check('apiKey'), region: check('region'), teamId: check('teamId'), command: check('command') },
  });

  // Next moves the focus to the settings it shows, not back to the top of the dialog.
  useEffect(() => {
    if (step === SETTINGS_STEP && movedOn.current) firstField.current?.focus();
  }, [step]);

  const next = () => {
    movedOn.current = true;
    setStep(SETTINGS_STEP);
  };

  const save = form.onSubmit(async (values) => {
    const settings = partnerAppSettingsBody(app.app, values);
    try {
      if (app.state === 'not_installed') await install.mutateAsync({ app: app.app, body: settings });
      else await update.mutateAsync({ app: app.app, changes: installing ? { ...settings, state: 'installed' } : settings });
      notify.success(installing ? t`${name} installed successfully` : t`${name} edited successfully`);
      onClose();
    } catch (error) {
      showSubmitError(form, error, i18n, {
        pathOf: (field) => ((entry.fields as readonly string[]).includes(field) ? field : null),
        textOf: partnerAppFieldErrorText,
        snackbarText: partnerAppProblemText(app.app, installing),
      });
    }
  });

  const submit = (event: FormEvent<HTMLFormElement>) => (step === SETTINGS_STEP ? save(event) : next());

  const keyDescription = hasStoredKey ? t`An API key is stored; leave empty to keep it.` : t`Stored encrypted and never shown again.`;
  const fields: Record<PartnerAppField, (first: boolean) => ReactNode> = {
    apiKey: (first) => (
      <PasswordField
        key="apiKey"
        ref={first ? firstField : undefined}
        data-autofocus={first || undefined}
        label={t`API key`}
        description={keyDescription}
        required={!hasStoredKey}
        autoComplete="new-password"
        dir="ltr"
        maxLength={200}
        {...form.getInputProps('apiKey')}
      />
    ),
    region: (first) => (
      <Select
        key="region"
        ref={first ? firstField : undefined}
        label={t`Region`}
        description={t`Where ${name} keeps the tenant's data.`}
        required
        allowDeselect={false}
        data={PARTNER_APP_REGIONS.map(([value, label]) => ({ value, label: i18n._(label) }))}
        {...form.getInputProps('region')}
      />
    ),
    teamId: (first) => (
      <TextInput
        key="teamId"
        ref={first ? firstField : undefined}
        data-autofocus={first || undefined}
        label={t`Slack team ID`}
        description={t`The workspace's ID, shown in Slack's workspace settings.`}
        placeholder="T024BE7LD"
        required
        autoComplete="off"
        dir="ltr"
        maxLength={21}
        {...form.getInputProps('teamId')}
      />
    ),
    command: (first) => (
      <TextInput
        key="command"
        ref={first ? firstField : undefined}
        label={t`Slash command`}
        description={t`Members type it in Slack to start a meeting.`}
        placeholder="/meet"
        required
        autoComplete="off"
        dir="ltr"
        maxLength={32}
        {...form.getInputProps('command')}
      />
    ),
  };
  const settings = <Stack gap="md">{entry.fields.map((field, index) => fields[field](index === 0))}</Stack>;

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={installing ? t`Install ${name}` : t`Configure ${name}`}
      submitLabel={step === SETTINGS_STEP ? (installing ? t`Install` : t`Save`) : t`Next`}
      loading={pending}
      onSubmit={submit}
      size="lg"
    >
      {installing ? (
        <Stepper active={step} onStepClick={setStep} allowNextStepsSelect={false} size="sm">
          <Stepper.Step label={t`About`}>
            <Stack gap="sm" pt="sm">
              <Text>{i18n._(entry.description)}</Text>
              <Text fw={500}>{t`Once installed, ${name} may:`}</Text>
              <List spacing={4}>
                {entry.access.map((access, index) => (
                  <List.Item key={index}>{i18n._(access)}</List.Item>
                ))}
              </List>
              {app.state === 'uninstalled' ? <Text size="sm" c="dimmed">{t`Its settings were kept when it was uninstalled; check them on the next step.`}</Text> : null}
            </Stack>
          </Stepper.Step>
          <Stepper.Step label={t`Settings`}>
            <Stack pt="sm">{settings}</Stack>
          </Stepper.Step>
        </Stepper>
      ) : (
        settings
      )}
    </FormDialog>
  );
}

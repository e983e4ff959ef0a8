import { Alert, Button, Group, PasswordInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { validationMessages } from '@portal/i18n';
import { notify } from '@portal/ui-kit';
import { isValidEmail } from '../../../utils/password-rule';
import type { Profile } from '../profile-api';
import { useChangeEmail } from '../profile-api';
import { profileMessages } from '../profile-messages';
import { showSaveError } from './apply-field-errors';
import { SectionCard } from './section-card';

type Values = { newEmail: string; currentPassword: string };

export type LoginEmailFormProps = { profile: Profile };

/** The login email changes only once the link mailed to the new address is followed. */
export function LoginEmailForm({ profile }: LoginEmailFormProps) {
  const { t, i18n } = useLingui();
  const change = useChangeEmail();
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: { newEmail: '', currentPassword: '' },
    validate: {
      newEmail: (value) => (isValidEmail(value.trim()) ? null : i18n._(validationMessages.validEmail)),
      currentPassword: (value) => (value ? null : i18n._(validationMessages.required)),
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await change.mutateAsync({ newEmail: values.newEmail.trim(), currentPassword: values.currentPassword });
      form.reset();
      notify.success(i18n._(profileMessages.emailLinkSent));
    } catch (error) {
      showSaveError(error, form, i18n, { newEmail: 'newEmail', currentPassword: 'currentPassword' }, {
        password_incorrect: i18n._(profileMessages.incorrectPassword),
        email_exists: i18n._(profileMessages.emailExists),
        same_email: i18n._(profileMessages.sameEmail),
      });
    }
  });

  return (
    <SectionCard title={<Trans>Login email</Trans>}>
      <Text>
        <Trans>
          You sign in with <strong>{profile.email}</strong>
        </Trans>
      </Text>
      {profile.pendingEmail ? (
        <Alert color="blue" variant="light" role="status">
          <Trans>Waiting for confirmation of {profile.pendingEmail}: follow the link in the mail sent to it.</Trans>
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate aria-label={t`Change login email`}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t`New email`} type="email" autoComplete="email" required key={form.key('newEmail')} {...form.getInputProps('newEmail')} />
          <PasswordInput
            label={t`Current password`}
            autoComplete="current-password"
            required
            key={form.key('currentPassword')}
            {...form.getInputProps('currentPassword')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={change.isPending}>
            <Trans>Change email</Trans>
          </Button>
        </Group>
      </form>
    </SectionCard>
  );
}

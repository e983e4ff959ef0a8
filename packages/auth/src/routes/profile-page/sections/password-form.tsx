import { Button, Group, SimpleGrid } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { validationMessages } from '@portal/i18n';
import { notify, PasswordField } from '@portal/ui-kit';
import { isValidPassword } from '@portal/forms';
import { useChangeProfilePassword } from '../../../api/use-change-profile-password';
import { profileMessages } from '../profile-messages';
import { showSaveError } from './apply-field-errors';
import { SectionCard } from './section-card';

type Values = { currentPassword: string; newPassword: string; confirmPassword: string };

/** A new password needs the current one; the server then ends the account's other sessions. */
export function PasswordForm() {
  const { t, i18n } = useLingui();
  const change = useChangeProfilePassword();
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      currentPassword: (value) => (value ? null : i18n._(validationMessages.required)),
      newPassword: (value) => (isValidPassword(value) ? null : i18n._(validationMessages.password)),
      confirmPassword: (value, values) => (value === values.newPassword ? null : i18n._(validationMessages.passwordsMismatch)),
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      form.reset();
      notify.success(i18n._(profileMessages.passwordChanged));
    } catch (error) {
      showSaveError(error, form, i18n, { currentPassword: 'currentPassword', newPassword: 'newPassword' }, {
        password_incorrect: i18n._(profileMessages.incorrectPassword),
      });
    }
  });

  return (
    <SectionCard title={<Trans>Password</Trans>} description={<Trans>Changing it signs you out everywhere else.</Trans>}>
      <form onSubmit={submit} noValidate aria-label={t`Change password`}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <PasswordField
            label={t`Current password`}
            autoComplete="current-password"
            required
            key={form.key('currentPassword')}
            {...form.getInputProps('currentPassword')}
          />
          <PasswordField label={t`New password`} autoComplete="new-password" required key={form.key('newPassword')} {...form.getInputProps('newPassword')} />
          <PasswordField
            label={t`Retype password`}
            autoComplete="new-password"
            required
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={change.isPending}>
            <Trans>Change password</Trans>
          </Button>
        </Group>
      </form>
    </SectionCard>
  );
}

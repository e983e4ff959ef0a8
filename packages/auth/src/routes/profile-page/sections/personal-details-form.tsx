import { Button, Fieldset, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { validationMessages } from '@portal/i18n';
import { notify } from '@portal/ui-kit';
import type { Profile } from '../../../api/use-profile';
import { useUpdateProfile } from '../../../api/use-update-profile';
import { profileMessages } from '../profile-messages';
import { isValidPersonName } from '@portal/forms';
import { showSaveError } from './apply-field-errors';
import { SectionCard } from './section-card';


type Values = { firstName: string; lastName: string; displayName: string; organisation: string; organisationName: string; accountType: string | null };

export type PersonalDetailsFormProps = {
  profile: Profile;
  /** Shown, not editable: the user's roles do not hold `user.profile.update` (fields disabled, no Save). */
  readOnly?: boolean;
};

export function PersonalDetailsForm({ profile, readOnly = false }: PersonalDetailsFormProps) {
  const { t, i18n } = useLingui();
  const update = useUpdateProfile();
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      displayName: profile.displayName ?? '',
      organisation: profile.organisation ?? '',
      organisationName: profile.organisationName ?? '',
      accountType: profile.accountType,
    },
    validate: {
      firstName: (value) => (isValidPersonName(value.trim()) ? null : i18n._(validationMessages.firstName)),
      lastName: (value) => (isValidPersonName(value.trim()) ? null : i18n._(validationMessages.lastName)),
      displayName: (value) => (value.length <= 100 ? null : i18n._(validationMessages.tooLong)),
      organisation: (value) => (value.length <= 100 ? null : i18n._(validationMessages.tooLong)),
      organisationName: (value) => (value.length <= 100 ? null : i18n._(validationMessages.tooLong)),
    },
  });

  const submit = form.onSubmit(async (values) => {
    const displayNameChanged = (values.displayName.trim() || null) !== profile.displayName;
    try {
      const saved = await update.mutateAsync({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        displayName: values.displayName,
        organisation: values.organisation,
        organisationName: values.organisationName,
        accountType: values.accountType === 'personal' || values.accountType === 'business' ? values.accountType : null,
      });
      form.resetDirty({ ...values, displayName: saved.displayName ?? '' });
      notify.success(i18n._(displayNameChanged ? profileMessages.displayNameUpdated : profileMessages.profileUpdated));
    } catch (error) {
      showSaveError(error, form, i18n, {
        firstName: 'firstName',
        lastName: 'lastName',
        displayName: 'displayName',
        organisation: 'organisation',
        organisationName: 'organisationName',
      });
    }
  });

  return (
    <SectionCard title={<Trans>Personal details</Trans>}>
      <form onSubmit={submit} noValidate aria-label={t`Personal details`}>
        <Fieldset variant="unstyled" disabled={readOnly}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t`First name`} autoComplete="given-name" required key={form.key('firstName')} {...form.getInputProps('firstName')} />
            <TextInput label={t`Last name`} autoComplete="family-name" required key={form.key('lastName')} {...form.getInputProps('lastName')} />
            <TextInput
              label={t`Display name`}
              description={t`Shown in the portal instead of your name`}
              autoComplete="nickname"
              key={form.key('displayName')}
              {...form.getInputProps('displayName')}
            />
            <Select
              label={t`Account type`}
              data={[
                { value: 'personal', label: t`Personal` },
                { value: 'business', label: t`Business` },
              ]}
              clearable
              allowDeselect
              key={form.key('accountType')}
              {...form.getInputProps('accountType')}
            />
            <TextInput label={t`Organisation`} autoComplete="organization" key={form.key('organisation')} {...form.getInputProps('organisation')} />
            <TextInput label={t`Organisation name`} key={form.key('organisationName')} {...form.getInputProps('organisationName')} />
          </SimpleGrid>
        </Fieldset>
        {readOnly ? null : (
          <Group justify="flex-end" mt="md">
            <Button type="submit" loading={update.isPending}>
              <Trans>Save details</Trans>
            </Button>
          </Group>
        )}
      </form>
    </SectionCard>
  );
}

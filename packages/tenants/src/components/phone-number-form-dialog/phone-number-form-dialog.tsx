import { Checkbox, Group, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { validationMessages } from '@portal/i18n';
import { FormDialog, notify } from '@portal/ui-kit';
import type { Did } from '../../api/dids/get-dids';
import { usePutDid } from '../../api/dids/put-did';
import { useUpdateDid } from '../../api/dids/update-did';
import { countryName, isE164, PHONE_COUNTRIES } from '../../utils/countries';
import { showSubmitError } from '@portal/forms';
import { topLevelFieldOf } from '@portal/api-client';

export type PhoneNumberFormDialogProps = {
  opened: boolean;
  /** The number to edit; without it the dialog creates one. */
  did?: Did | null;
  onClose: () => void;
};

type Values = { country: string | null; number: string; enabled: boolean; dialIn: boolean; dialOut: boolean };

const fields = ['country', 'number'] as const;

/**
 * Creates or edits a phone number: its country, the number in E.164 form, status, dial in and dial
 * out. The server also checks the number fits the country. Mount it with a fresh `key` per opening.
 */
export function PhoneNumberFormDialog({ opened, did, onClose }: PhoneNumberFormDialogProps) {
  const { t, i18n } = useLingui();
  const putDid = usePutDid();
  const updateDid = useUpdateDid();
  const pending = putDid.isPending || updateDid.isPending;

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      country: did?.country ?? null,
      number: did?.number ?? '',
      enabled: (did?.status ?? 'enabled') === 'enabled',
      dialIn: did?.dialIn ?? true,
      dialOut: did?.dialOut ?? false,
    },
    validate: {
      country: (value) => (value ? null : i18n._(validationMessages.required)),
      number: (value) => (isE164(value) ? null : i18n._(validationMessages.phone)),
    },
  });

  const submit = form.onSubmit(async (values) => {
    // The country is required by the form's validation, which ran before this.
    if (!values.country) return;
    const body = { country: values.country, number: values.number.trim(), status: values.enabled ? ('enabled' as const) : ('disabled' as const), dialIn: values.dialIn, dialOut: values.dialOut };
    try {
      if (did) {
        await updateDid.mutateAsync({ didId: did.id, changes: body });
        notify.success(t`Phone number edited successfully`);
      } else {
        await putDid.mutateAsync(body);
        notify.success(t`Phone number created successfully`);
      }
      onClose();
    } catch (error) {
      showSubmitError(form, error, i18n, { pathOf: topLevelFieldOf(fields) });
    }
  });

  const countries = PHONE_COUNTRIES.map((code) => ({ value: code, label: countryName(code, i18n.locale) })).sort((a, b) => a.label.localeCompare(b.label, i18n.locale));

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={did ? t`Edit phone number` : t`Create phone number`}
      submitLabel={did ? t`Save` : t`Create`}
      loading={pending}
      submitDisabled={pending}
      onSubmit={submit}
    >
      {/* Focused first, but its list opens only when asked (typing, ArrowDown, a click): open at once, it covered the other fields. */}
      <Select label={t`Country`} required searchable openOnFocus={false} data={countries} nothingFoundMessage={t`No results..`} data-autofocus {...form.getInputProps('country')} />
      <TextInput
        label={t`Phone number`}
        description={t`International format, e.g. +33123456789`}
        required
        dir="ltr"
        type="tel"
        autoComplete="off"
        placeholder="+33123456789"
        {...form.getInputProps('number')}
      />
      <Group gap="lg">
        <Checkbox label={t`Enabled`} {...form.getInputProps('enabled', { type: 'checkbox' })} />
        <Checkbox label={t`Dial In`} {...form.getInputProps('dialIn', { type: 'checkbox' })} />
        <Checkbox label={t`Dial Out`} {...form.getInputProps('dialOut', { type: 'checkbox' })} />
      </Group>
    </FormDialog>
  );
}

import { Button, Center, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { CopyField } from '@portal/ui-kit';
import type { TwoFactorSetup } from '../../api/use-start-two-factor';
import { isSixDigits, twoFactorMessages } from './two-factor-messages';

export type ScanStepProps = {
  setup: TwoFactorSetup;
  pending: boolean;
  /** Resolves to an error message for the code field, or null when accepted. */
  onVerify: (code: string) => Promise<string | null>;
  onCancel: () => void;
};

/** Groups of four, as authenticator apps show and people read them. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** Scan the QR code or type the key, then prove it with the first code. */
export function ScanStep({ setup, pending, onVerify, onCancel }: ScanStepProps) {
  const { t, i18n } = useLingui();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    validate: { code: (value) => (isSixDigits(value) ? null : i18n._(twoFactorMessages.enterCode)) },
  });
  const submit = form.onSubmit(async ({ code }) => {
    const error = await onVerify(code.trim());
    if (error) {
      form.setFieldValue('code', '');
      form.setFieldError('code', error);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t`Verify the authenticator app`}>
      <Stack gap="sm">
        <Text size="sm">
          <Trans>Scan the QR code with your authenticator app, or enter the secret key manually. Then enter the code the app shows.</Trans>
        </Text>
        <Center>
          {/* A white quiet zone keeps the code readable in the dark colour scheme. */}
          <Image src={setup.qrDataUrl} alt={t`QR code for your authenticator app`} w={192} h={192} bg="white" radius="sm" />
        </Center>
        <CopyField label={t`Secret key`} value={grouped(setup.secret)} />
        <TextInput
          label={t`Authentication code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          withAsterisk={false}
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={pending}>
            <Trans>Verify</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

export type PasswordFieldProps = PasswordInputProps;

/**
 * Mantine's PasswordInput whose show/hide button is named in the reader's language; Mantine's
 * own name ("Toggle password visibility") is English whatever the portal speaks.
 */
export function PasswordField({ visibilityToggleButtonProps, ...props }: PasswordFieldProps) {
  const { t } = useLingui();
  return <PasswordInput {...props} visibilityToggleButtonProps={{ 'aria-label': t`Toggle password visibility`, ...visibilityToggleButtonProps }} />;
}

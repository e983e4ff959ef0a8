import { Anchor, Text, type TextProps } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

export type SupportContactProps = TextProps & {
  /** The platform's support address (the global configuration's system section). */
  email: string;
};

/** "Contact support: <email>", the address as a mailto link (the missing page, the maintenance notice). */
export function SupportContact({ email, ...textProps }: SupportContactProps) {
  return (
    <Text size="sm" {...textProps}>
      <Trans>
        Contact support:{' '}
        <Anchor href={`mailto:${email}`} inherit dir="ltr">
          {email}
        </Anchor>
      </Trans>
    </Text>
  );
}

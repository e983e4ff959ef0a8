import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconHome, IconLogin } from '@tabler/icons-react';
import { Trans } from '@lingui/react/macro';
import { SupportContact } from '../../support-contact';
import { renderAnchor, type RenderLink } from '../nav';

export type MissingPageProps = {
  homeHref: string;
  /** Spec: only on the local development host. */
  loginHref?: string;
  renderLink?: RenderLink;
  /** The platform's support address, offered as "Contact support" when set. */
  supportEmail?: string | null;
};

/** Shown to a visitor who is explicitly not signed in (spec, "Access rules for routes"). */
export function MissingPage({ homeHref, loginHref, renderLink = renderAnchor, supportEmail }: MissingPageProps) {
  return (
    <Center mih="70dvh" px="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Text fz={64} fw={800} c="dimmed" aria-hidden="true" lh={1}>
          404
        </Text>
        <Title order={1} fz="h2">
          <Trans>Oops. This page has gone missing.</Trans>
        </Title>
        <Group justify="center" gap="sm">
          <Button leftSection={<IconHome size={16} aria-hidden="true" />} renderRoot={(props) => renderLink({ ...props, href: homeHref })}>
            <Trans>Go Home</Trans>
          </Button>
          {loginHref ? (
            <Button variant="default" leftSection={<IconLogin size={16} aria-hidden="true" />} renderRoot={(props) => renderLink({ ...props, href: loginHref })}>
              <Trans>Login</Trans>
            </Button>
          ) : null}
        </Group>
        {supportEmail ? <SupportContact email={supportEmail} c="dimmed" /> : null}
      </Stack>
    </Center>
  );
}

import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

export type AppCardState = 'enabled' | 'disabled' | 'not_set_up';

export type AppCardProps = {
  title: string;
  description: ReactNode;
  state: AppCardState;
  /** The card's buttons or switch; a note instead when the person may not change it. */
  children?: ReactNode;
};

/** One app of the Apps screen: its name, whether it is on, what it does, and its actions. */
export function AppCard({ title, description, state, children }: AppCardProps) {
  const titleId = `app-card-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          {state === 'enabled' && (
            <Badge color="green" variant="light">
              <Trans>Enabled</Trans>
            </Badge>
          )}
          {state === 'disabled' && (
            <Badge color="gray" variant="light">
              <Trans>Disabled</Trans>
            </Badge>
          )}
          {state === 'not_set_up' && (
            <Badge color="yellow" variant="light">
              <Trans>Not set up</Trans>
            </Badge>
          )}
        </Group>
        <Text size="sm">{description}</Text>
        {children}
      </Stack>
    </Paper>
  );
}

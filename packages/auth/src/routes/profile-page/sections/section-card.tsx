import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useId } from 'react';

export type SectionCardProps = { title: ReactNode; description?: ReactNode; children: ReactNode };

/** One titled part of the profile screen, a labelled region for screen readers. */
export function SectionCard({ title, description, children }: SectionCardProps) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { configScreens } from './config-screens';

/** The global configuration hub (super administrator): one card per configuration screen. */
export function GlobalConfigurationScreen() {
  const { i18n } = useLingui();
  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Global configuration</Trans>
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" style={{ listStyle: 'none', paddingInlineStart: 0, margin: 0 }}>
        {configScreens.map((screen) => (
          <li key={screen.path}>
            <Card withBorder padding="lg" h="100%" component={Link} to={`../${screen.path}`} relative="path">
              <Stack gap={4}>
                <Text fw={600}>{i18n._(screen.title)}</Text>
                <Text size="sm" c="dimmed">
                  {i18n._(screen.summary)}
                </Text>
              </Stack>
            </Card>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

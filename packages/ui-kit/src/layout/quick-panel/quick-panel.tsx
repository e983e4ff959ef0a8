import { Center, Drawer, Loader, Stack, Text, Title, useDirection } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { useLayoutStore } from '../layout-store';

export type QuickPanelItem = {
  id?: string;
  label: string;
  description?: string;
};

export type QuickPanelSection = {
  id: string;
  title: string;
  items: QuickPanelItem[];
};

export type QuickPanelProps = {
  /** Sections built by the app from the quick-panel data. */
  sections: readonly QuickPanelSection[];
  loading?: boolean;
};

function Section({ section }: { section: QuickPanelSection }) {
  const headingId = useId();
  return (
    <Stack gap={6} component="section" aria-labelledby={headingId}>
      <Title id={headingId} order={3} fz="xs" tt="uppercase" c="dimmed">
        {section.title}
      </Title>
      <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {section.items.map((item, index) => (
          <li key={item.id ?? index}>
            <Text size="sm" fw={500}>
              {item.label}
            </Text>
            {item.description ? (
              <Text size="xs" c="dimmed">
                {item.description}
              </Text>
            ) : null}
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

/** Right-hand drawer with the app-supplied quick panel sections; open with `openPanel('quick')`. */
export function QuickPanel({ sections, loading = false }: QuickPanelProps) {
  const { t } = useLingui();
  const { dir } = useDirection();
  const opened = useLayoutStore((state) => state.panels.quick);
  const closePanel = useLayoutStore((state) => state.closePanel);
  const filled = sections.filter((section) => section.items.length > 0);
  return (
    <Drawer opened={opened} onClose={() => closePanel('quick')} position={dir === 'rtl' ? 'left' : 'right'} size={320} title={t`Quick panel`}>
      {loading ? (
        <Center py="xl" aria-busy="true">
          <Loader size="sm" aria-label={t`Loading`} />
        </Center>
      ) : filled.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          <Trans>Nothing here yet.</Trans>
        </Text>
      ) : (
        <Stack gap="lg">
          {filled.map((section) => (
            <Section key={section.id} section={section} />
          ))}
        </Stack>
      )}
    </Drawer>
  );
}

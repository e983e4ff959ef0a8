import { Center, Loader, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

export type PageLoaderProps = {
  /** Height of the area to centre in; defaults to most of the viewport for route-level loading. */
  h?: number | string;
};

/** The spec's "Loading" state, shown while a page's prerequisites (e.g. permissions) load. */
export function PageLoader({ h = '60dvh' }: PageLoaderProps) {
  return (
    <Center h={h} role="status" aria-busy="true" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden="true" />
        <Text c="dimmed">
          <Trans>Loading</Trans>
        </Text>
      </Stack>
    </Center>
  );
}

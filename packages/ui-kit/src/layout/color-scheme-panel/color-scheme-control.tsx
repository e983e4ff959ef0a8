import { SegmentedControl, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { COLOR_SCHEME_SETTINGS, useLayoutStore, type ColorSchemeSetting } from '../layout-store';

function isColorSchemeSetting(value: string): value is ColorSchemeSetting {
  return (COLOR_SCHEME_SETTINGS as readonly string[]).includes(value);
}

/** Light / dark / follow the system, bound to `useLayoutStore`. */
export function ColorSchemeControl() {
  const { t } = useLingui();
  const labelId = useId();
  const colorScheme = useLayoutStore((state) => state.colorScheme);
  const setColorScheme = useLayoutStore((state) => state.setColorScheme);
  const option = (value: ColorSchemeSetting, label: string, Icon: typeof IconSun) => ({
    value,
    label: (
      <Stack gap={2} align="center">
        <Icon size={18} aria-hidden="true" />
        <span>{label}</span>
      </Stack>
    ),
  });
  return (
    <Stack gap={6}>
      <Text id={labelId} size="sm" fw={500}>
        <Trans>Colour scheme</Trans>
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        fullWidth
        value={colorScheme}
        onChange={(value) => {
          if (isColorSchemeSetting(value)) setColorScheme(value);
        }}
        data={[option('light', t`Light`, IconSun), option('dark', t`Dark`, IconMoon), option('auto', t`System`, IconDeviceDesktop)]}
      />
    </Stack>
  );
}

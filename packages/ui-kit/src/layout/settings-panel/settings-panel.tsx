import { Drawer, Radio, Stack, Switch, useDirection } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ColorSchemeControl } from '../color-scheme-panel/color-scheme-control';
import { LAYOUT_SIZES } from '../layout-constants';
import { LAYOUT_VARIANTS, useLayoutStore, type LayoutVariant } from '../layout-store';

export type SettingsPanelProps = {
  /** Further settings from the app, e.g. the language menu. */
  children?: ReactNode;
};

function isLayoutVariant(value: string): value is LayoutVariant {
  return (LAYOUT_VARIANTS as readonly string[]).includes(value);
}

/** Layout and theme settings drawer (spec: width 380); open it with `openPanel('settings')`. */
export function SettingsPanel({ children }: SettingsPanelProps) {
  const { t } = useLingui();
  const { dir } = useDirection();
  const opened = useLayoutStore((state) => state.panels.settings);
  const closePanel = useLayoutStore((state) => state.closePanel);
  const layout = useLayoutStore((state) => state.layout);
  const setLayout = useLayoutStore((state) => state.setLayout);
  const navbarFolded = useLayoutStore((state) => state.navbarFolded);
  const setNavbarFolded = useLayoutStore((state) => state.setNavbarFolded);

  const labels: Record<LayoutVariant, string> = {
    vertical: t`Vertical (side navigation)`,
    'horizontal-1': t`Horizontal, full width`,
    'horizontal-2': t`Horizontal, boxed`,
  };

  return (
    <Drawer
      opened={opened}
      onClose={() => closePanel('settings')}
      position={dir === 'rtl' ? 'left' : 'right'}
      size={LAYOUT_SIZES.settingsPanelWidth}
      title={t`Theme settings`}
    >
      <Stack gap="xl">
        <Radio.Group
          label={t`Layout`}
          value={layout}
          onChange={(value) => {
            if (isLayoutVariant(value)) setLayout(value);
          }}
        >
          <Stack gap="xs" mt="xs">
            {LAYOUT_VARIANTS.map((variant) => (
              <Radio key={variant} value={variant} label={labels[variant]} />
            ))}
          </Stack>
        </Radio.Group>
        <Switch
          label={t`Folded navigation`}
          description={t`Show only icons in the side navigation`}
          checked={navbarFolded}
          disabled={layout !== 'vertical'}
          onChange={(event) => setNavbarFolded(event.currentTarget.checked)}
        />
        <ColorSchemeControl />
        {children}
      </Stack>
    </Drawer>
  );
}

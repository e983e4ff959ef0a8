import { Group, Stack, Text, Title } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconLayoutSidebarRight, IconSunMoon } from '@tabler/icons-react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { UiTestProviders } from '../../testing';
import { ColorSchemePanel } from '../color-scheme-panel';
import { LAYOUT_SIZES } from '../layout-constants';
import { useLayoutStore, type LayoutSettings } from '../layout-store';
import type { RenderLink } from '../nav';
import { fixtureIcon, portalNavigation } from '../nav/nav.fixtures';
import { NavMenu } from '../nav-menu';
import { NavSearch } from '../nav-search';
import { QuickPanel } from '../quick-panel';
import { LayoutPanelButton, SettingsPanel } from '../settings-panel';
import { ShortcutsBar } from '../shortcuts-bar';
import { UserMenu } from '../user-menu';
import { AppLayout, type AppLayoutProps } from './app-layout';

type ShellDemoProps = Pick<AppLayoutProps, 'hideNavbar' | 'hideToolbar' | 'hideFooter'>;

/** The shell as apps/portal composes it, with a tiny in-memory router standing in for React Router. */
function ShellDemo(props: ShellDemoProps) {
  const [path, setPath] = useState('/portal/user');
  const renderLink: RenderLink = ({ href, item: _item, onClick, ...rest }) => (
    <a
      href={href}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        event.preventDefault();
        setPath(href);
      }}
    />
  );
  const title = portalNavigation.flatMap((item) => [item, ...(item.children ?? [])]).find((item) => item.url === path)?.title;
  return (
    <AppLayout
      {...props}
      logo={<Text fw={800}>Acme Meet</Text>}
      navbar={<NavMenu items={portalNavigation} activePath={path} renderLink={renderLink} getIcon={fixtureIcon} />}
      toolbar={
        <>
          <NavSearch items={portalNavigation} getIcon={fixtureIcon} onNavigate={(item) => setPath(item.url ?? path)} />
          <Group visibleFrom="md" gap={4}>
            <ShortcutsBar items={portalNavigation} renderLink={renderLink} getIcon={fixtureIcon} />
          </Group>
          <LayoutPanelButton panel="colorScheme" label="Colour scheme" icon={<IconSunMoon size={20} />} />
          <LayoutPanelButton panel="quick" label="Quick panel" icon={<IconLayoutSidebarRight size={20} />} />
          <LayoutPanelButton panel="settings" label="Theme settings" icon={<IconAdjustmentsHorizontal size={20} />} />
          <UserMenu name="Amira" displayName="Amira Haddad" email="amira.haddad@acme.example" onLogout={() => setPath('/portal/login')} onProfile={() => setPath('/portal/profile')} />
        </>
      }
      footer={
        <Text size="xs" c="dimmed">
          Version 4.4.0 (build 20231111)
        </Text>
      }
    >
      <Stack>
        <Title order={1}>{title ?? path}</Title>
        <Text>Page content for {path}.</Text>
      </Stack>
      <SettingsPanel />
      <ColorSchemePanel />
      <QuickPanel sections={[{ id: 'today', title: 'Today', items: [{ label: 'Weekly sync', description: '10:00 – 10:30' }] }]} />
    </AppLayout>
  );
}

const withSettings = (settings: Partial<LayoutSettings>) => () => {
  useLayoutStore.getState().resetLayout();
  useLayoutStore.getState().hydrate({ shortcuts: ['user', 'roles'], ...settings });
};

const meta = {
  title: 'ui-kit/Layout/AppLayout',
  tags: ['autodocs'],
  component: ShellDemo,
  decorators: [
    (Story) => (
      <UiTestProviders>
        <Story />
      </UiTestProviders>
    ),
  ],
  parameters: { layout: 'fullscreen' },
  beforeEach: withSettings({}),
} satisfies Meta<typeof ShellDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Vertical: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await expect(canvas.getByRole('banner')).toBeVisible();
    await expect(canvas.getByRole('contentinfo')).toHaveTextContent('Version 4.4.0');
    const nav = canvas.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    await userEvent.click(within(nav).getByRole('link', { name: 'Roles' }));
    await expect(canvas.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
    await expect(within(nav).getByRole('link', { name: 'Roles' })).toHaveAttribute('aria-current', 'page');

    // Settings switch the shell to the boxed horizontal layout.
    await userEvent.click(canvas.getByRole('button', { name: 'Theme settings' }));
    const settings = within(await page.findByRole('dialog', { name: 'Theme settings' }));
    await userEvent.click(settings.getByRole('radio', { name: 'Horizontal, boxed' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Meetings' })).toHaveAttribute('aria-haspopup', 'menu'));
  },
};

export const FoldedExpandsOnHover: Story = {
  beforeEach: withSettings({ navbarFolded: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    const navbar = nav.parentElement!.closest<HTMLElement>('[data-folded]')!;
    await expect(nav).toHaveAttribute('data-folded', 'true');

    await userEvent.hover(navbar);
    // Not on a pointer merely passing over: only after the spec's 150 ms.
    await expect(navbar).not.toHaveAttribute('data-expanded');
    await waitFor(() => expect(navbar).toHaveAttribute('data-expanded', 'true'), { timeout: 1000 });
    await expect(nav).not.toHaveAttribute('data-folded');
    await expect(navbar.style.width).toBe(`${LAYOUT_SIZES.navbarWidth}px`);

    await userEvent.unhover(navbar);
    await expect(navbar).not.toHaveAttribute('data-expanded');
    await expect(nav).toHaveAttribute('data-folded', 'true');

    await userEvent.click(canvas.getByRole('button', { name: 'Unfold navigation' }));
    await expect(useLayoutStore.getState().navbarFolded).toBe(false);
  },
};

export const HorizontalFullWidth: Story = {
  beforeEach: withSettings({ layout: 'horizontal-1' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const topNav = canvas.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    await expect(topNav).toHaveAttribute('data-orientation', 'horizontal');
    await userEvent.click(within(topNav).getByRole('button', { name: 'Billing' }));
    await userEvent.click(await page.findByRole('menuitem', { name: 'Invoice History' }));
    await expect(canvas.getByRole('heading', { level: 1, name: 'Invoice History' })).toBeVisible();
  },
};

export const HorizontalBoxed: Story = {
  beforeEach: withSettings({ layout: 'horizontal-2' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('navigation', { name: 'Main navigation' })[0]).toHaveAttribute('data-orientation', 'horizontal');
    await expect(canvas.getByRole('main')).toHaveTextContent('Page content for /portal/user.');
  },
};

/** On a phone the navigation moves into a drawer behind the header's menu button. */
export const MobileDrawer: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Open navigation' }));
    const drawer = await page.findByRole('dialog', { name: 'Acme Meet' });
    await userEvent.click(within(drawer).getByRole('link', { name: 'Products' }));
    await expect(useLayoutStore.getState().panels.mobileNav).toBe(false);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  },
};

export const AuthPageWithoutChrome: Story = {
  args: { hideNavbar: true, hideToolbar: true, hideFooter: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('banner')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('navigation')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('contentinfo')).not.toBeInTheDocument();
    await expect(canvas.getByRole('main')).toBeVisible();
  },
};

export const RightToLeft: Story = {
  decorators: [
    (Story) => (
      <UiTestProviders dir="rtl">
        <Story />
      </UiTestProviders>
    ),
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('main')).toBeVisible();
  },
};

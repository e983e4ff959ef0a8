import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AuthTestFrame, languageLoader, problem } from '@portal/auth/testing';
import { AppsScreen } from './apps-screen';
import { fakePlugins, installFakeApps } from './apps-screen.fixtures';

const meta = {
  title: 'Apps/AppsScreen',
  component: AppsScreen,
  args: { goTo: () => undefined },
  decorators: [
    (Story) => (
      <AuthTestFrame path="/app">
        <Story />
      </AuthTestFrame>
    ),
  ],
  beforeEach: () => void installFakeApps(),
} satisfies Meta<typeof AppsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** Neosound: Enable, the information dialog, then Disable after confirming. */
export const EnableNeosound: Story = {
  parameters: { language: 'en' },
  loaders: [languageLoader('en')],
  play: async ({ canvasElement }) => {
    const neosound = within(await within(canvasElement).findByRole('region', { name: 'Neosound' }));
    await userEvent.click(await neosound.findByRole('button', { name: 'Enable' }));
    const dialog = within(await body().findByRole('dialog', { name: 'Neosound is enabled' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Ok' }));
    await userEvent.click(await neosound.findByRole('button', { name: 'Disable' }));
    await expect(await body().findByText('Are you sure you want to disable Neosound? Recordings you already sent stay in your Neosound account.')).toBeVisible();
  },
};

/** A tenant administrator switches end-to-end encryption on after confirming. */
export const AdministratorEncryption: Story = {
  parameters: { language: 'en' },
  loaders: [languageLoader('en')],
  beforeEach: () => void installFakeApps({ role: 'tenantadmin', plugins: fakePlugins({ e2ee: { canManage: true } }) }),
  play: async ({ canvasElement }) => {
    const e2ee = within(await within(canvasElement).findByRole('region', { name: 'End-to-end encryption' }));
    await userEvent.click(e2ee.getByRole('switch', { name: 'End-to-end encryption for new meetings' }));
    await expect(await body().findByRole('dialog', { name: 'Enable end-to-end encryption' })).toBeVisible();
  },
};

/** Neosound cannot be reached: its own message. */
export const NeosoundDown: Story = {
  parameters: { language: 'en' },
  loaders: [languageLoader('en')],
  beforeEach: () => void installFakeApps({ extra: { createNeosoundAccount: problem(502, 'neosound_failed') } }),
  play: async ({ canvasElement }) => {
    const neosound = within(await within(canvasElement).findByRole('region', { name: 'Neosound' }));
    await userEvent.click(await neosound.findByRole('button', { name: 'Enable' }));
    await expect(await body().findByText('Neosound could not be reached or refused the request. Please try again later.')).toBeVisible();
  },
};

export const English: Story = {
  parameters: { language: 'en' },
  loaders: [languageLoader('en')],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Apps' })).toBeVisible();
    await expect(await within(canvasElement).findByRole('heading', { name: 'Gmail add-on' })).toBeVisible();
  },
};

export const French: Story = {
  parameters: { language: 'fr' },
  loaders: [languageLoader('fr')],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Applications' })).toBeVisible();
    await expect(await within(canvasElement).findByRole('heading', { name: 'Module complémentaire Gmail' })).toBeVisible();
  },
};

/** Right to left. */
export const Arabic: Story = {
  parameters: { language: 'ar' },
  loaders: [languageLoader('ar')],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'التطبيقات' })).toBeVisible();
    const heading = await within(canvasElement).findByRole('heading', { name: 'التشفير من طرف إلى طرف' });
    await expect(heading.closest('[dir="rtl"]')).not.toBeNull();
  },
};

export const Uzbek: Story = {
  parameters: { language: 'uz' },
  loaders: [languageLoader('uz')],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Ilovalar' })).toBeVisible();
    await expect(await within(canvasElement).findByRole('heading', { name: 'Gmail qo‘shimchasi' })).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { fakePlanUsage, fakeSubscriptionsApiLoader, languageLoader, loadedSubscriptionsApi, withAdminProviders, type FakeSubscriptionsApiOptions } from '../../testing';
import { PlanUsageSection } from './plan-usage-section';

const apiLoader = (options: FakeSubscriptionsApiOptions = {}) => fakeSubscriptionsApiLoader({ usage: fakePlanUsage(), ...options });

const meta = {
  title: 'Billing/PlanUsageSection',
  component: PlanUsageSection,
  decorators: [withAdminProviders],
  loaders: [apiLoader()],
} satisfies Meta<typeof PlanUsageSection>;

export default meta;
type Story = StoryObj<typeof meta>;

const section = (canvasElement: HTMLElement) => within(canvasElement).findByRole('region', { name: 'Usage' });

/** 7 of 10 seats, 0.9 of 1 GB of recordings (a warning from 80 %), meetings at once unlimited, and the per-meeting limits. */
export const NearLimit: Story = {
  play: async ({ canvasElement }) => {
    const usage = within(await section(canvasElement));
    await expect(await usage.findByText('7 of 10')).toBeInTheDocument();
    await expect(usage.getByRole('progressbar', { name: 'Recording storage' })).toHaveAttribute('aria-valuetext', expect.stringMatching(/^0\.9\sGB of 1\sGB$/));
    await expect(usage.getAllByRole('status').map((status) => status.textContent?.trim())).toEqual(["80 % or more of the plan's limit is used."]);
    await expect(usage.getByText('2 (unlimited)')).toBeInTheDocument();
    await expect(usage.queryByRole('progressbar', { name: 'Meetings at once' })).toBeNull();
    await expect(usage.getByText(/Up to 100 participants per meeting\. Meeting length: unlimited\./)).toBeInTheDocument();
  },
};

/** Every seat taken: the meter says the limit is reached. */
export const LimitReached: Story = {
  loaders: [apiLoader({ usage: fakePlanUsage({ seats: { used: 10, limit: 10 }, storageBytes: { used: 0, limit: null }, meetingDurationMinutes: 45 }) })],
  play: async ({ canvasElement }) => {
    const usage = within(await section(canvasElement));
    await expect(await usage.findByText("The plan's limit is reached.")).toBeInTheDocument();
    await expect(usage.getByRole('progressbar', { name: 'Seats' })).toHaveAttribute('aria-valuenow', '100');
    await expect(usage.getByText(/Meetings of up to 45 minutes\./)).toBeInTheDocument();
  },
};

/** The usage cannot be read: said in the section, with a retry that asks again. */
export const LoadFails: Story = {
  loaders: [apiLoader({ failing: ['getPlanUsage'] })],
  play: async ({ canvasElement, loaded }) => {
    const usage = within(await section(canvasElement));
    await expect(await usage.findByText('The usage could not be loaded.')).toBeInTheDocument();
    await userEvent.click(usage.getByRole('button', { name: 'Retry' }));
    await expect(loadedSubscriptionsApi(loaded).requestsOf('getPlanUsage').length).toBeGreaterThanOrEqual(2);
  },
};

const inLanguage = (language: 'en' | 'fr' | 'ar' | 'uz', heading: string): Story => ({
  parameters: { language },
  loaders: [apiLoader(), languageLoader(language)],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('region', { name: heading })).toBeInTheDocument();
  },
});

export const English = inLanguage('en', 'Usage');
export const French = inLanguage('fr', 'Utilisation');
export const Arabic = inLanguage('ar', 'الاستخدام');
export const Uzbek = inLanguage('uz', 'Foydalanish');

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { SettingsSection, StoredSettings } from '../../api/settings/get-settings';
import { fakeSettingsApiLoader, languageLoader, loadedSettingsApi, withAdminProviders, type FakeSettingsApiOptions } from '../../testing';
import { SettingsPage } from './settings-page';

const stored = { system: { publicUrl: 'https://meet.example.com', supportEmail: null, defaultLanguage: 'en', maintenanceMode: false } };

/** Stands in for a section's form: what the page handed it. */
function StoredSummary({ stored: { values, updatedAt } }: { stored: StoredSettings<SettingsSection> }) {
  return (
    <section aria-label="Section form">
      <p>{updatedAt ? `Saved at ${updatedAt}` : 'Never saved'}</p>
      <pre>{values ? JSON.stringify(values) : 'No values'}</pre>
    </section>
  );
}

/**
 * The fake settings API failing for the section until the play function lets it answer
 * (`loaded.recover()`), to show a retry that works.
 */
function recoveringLoader(options: FakeSettingsApiOptions) {
  return () => {
    const failing = ['system'];
    return { ...fakeSettingsApiLoader({ ...options, failing })(), recover: () => failing.splice(0) };
  };
}

const meta = {
  title: 'Tenants/Settings/SettingsPage',
  component: SettingsPage,
  decorators: [withAdminProviders],
  args: { section: 'system', title: 'System', children: (values) => <StoredSummary stored={values} /> },
  loaders: [fakeSettingsApiLoader({ stored })],
} satisfies Meta<typeof SettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The title, then the section's form given the stored values once they are loaded. */
export const Loaded: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'System' })).toBeInTheDocument();
    const form = await canvas.findByRole('region', { name: 'Section form' });
    await expect(form).toHaveTextContent('Saved at 2025-03-01T09:30:00.000Z');
    await expect(form).toHaveTextContent('"publicUrl":"https://meet.example.com"');
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(loadedSettingsApi(loaded).requests).toEqual([{ method: 'GET', section: 'system', body: undefined }]);
  },
};

/** A section never saved: the form still shows, given no values. */
export const NeverSaved: Story = {
  loaders: [fakeSettingsApiLoader()],
  play: async ({ canvasElement }) => {
    const form = await within(canvasElement).findByRole('region', { name: 'Section form' });
    await expect(form).toHaveTextContent('Never saved');
    await expect(form).toHaveTextContent('No values');
  },
};

/** A failed load: the spec's failure text and Retry instead of the form; Retry loads it once the server answers. */
export const LoadErrorRetry: Story = {
  loaders: [recoveringLoader({ stored })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Failed, Try Again..!!');
    await expect(canvas.queryByRole('region', { name: 'Section form' })).toBeNull();
    (loaded.recover as () => void)();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(await canvas.findByRole('region', { name: 'Section form' })).toHaveTextContent('https://meet.example.com');
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
    await expect(loadedSettingsApi(loaded).requests).toHaveLength(2);
  },
};

/** Arabic: the failure text and Retry in the catalog's words, right to left. */
export const ArabicLoadError: Story = {
  args: { title: 'إعدادات الاجتماعات' },
  parameters: { language: 'ar' },
  loaders: [fakeSettingsApiLoader({ failing: ['system'] }), languageLoader('ar')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('فشلت العملية، حاول مرة أخرى!');
    await expect(canvas.getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { name: 'إعدادات الاجتماعات' }).closest('[dir]')).toHaveAttribute('dir', 'rtl');
  },
};

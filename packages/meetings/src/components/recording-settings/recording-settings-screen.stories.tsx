import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { languageLoader, withAdminProviders } from '@portal/auth/testing';
import { fakeSettingsApiLoader, loadedSettingsApi } from '../../testing/fake-settings-api';
import { RecordingSettingsScreen } from './recording-settings-screen';

const meta = {
  title: 'Meetings/Settings/RecordingSettingsScreen',
  component: RecordingSettingsScreen,
  decorators: [withAdminProviders],
  loaders: [fakeSettingsApiLoader()],
} satisfies Meta<typeof RecordingSettingsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Modes, auto-delete after N days and an allowed range: bad values are refused, good ones saved. */
export const Configure: Story = {
  play: async ({ canvasElement, loaded }) => {
    const api = loadedSettingsApi(loaded);
    const canvas = within(canvasElement);
    await canvas.findByRole('form', { name: 'Recording settings' });
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Audio only' }));
    await userEvent.click(canvas.getByRole('switch', { name: 'Delete cloud recordings automatically' }));
    const days = canvas.getByRole('textbox', { name: /^Delete after \(days\)/ });
    await userEvent.clear(days);
    await userEvent.type(days, '3651');
    await userEvent.click(canvas.getByRole('switch', { name: 'Limit access to an IP address or range' }));
    const address = canvas.getByRole('textbox', { name: /^Authorised IP address or range/ });
    await userEvent.type(address, '10.0.0.0/33');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByText('Enter a number of days from 1 to 3650')).toBeInTheDocument();
    await expect(canvas.getByText('Enter a valid IP address or range')).toBeInTheDocument();
    await expect(api.saves('recording')).toHaveLength(0);

    await userEvent.clear(days);
    await userEvent.type(days, '90');
    await userEvent.clear(address);
    await userEvent.type(address, '10.0.0.0/8');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saves('recording')).toHaveLength(1));
    await expect(api.saves('recording')[0]).toEqual({
      modes: ['host_with_screen_share', 'gallery_with_screen_share', 'active_speaker_with_screen_share', 'audio_and_video', 'audio_and_screen_share'],
      autoDeleteDays: 90,
      allowedAddress: '10.0.0.0/8',
    });
    await expect(await within(document.body).findByText('Settings saved successfully')).toBeInTheDocument();
  },
};

/** Stored settings show as saved; turning both limits off saves nulls. */
export const Stored: Story = {
  loaders: [fakeSettingsApiLoader({ stored: { recording: { modes: ['audio_only'], autoDeleteDays: 30, allowedAddress: '203.0.113.7' } } })],
  play: async ({ canvasElement, loaded }) => {
    const api = loadedSettingsApi(loaded);
    const canvas = within(canvasElement);
    await canvas.findByRole('form', { name: 'Recording settings' });
    await expect(canvas.getByRole('checkbox', { name: 'Audio only' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Audio and video' })).not.toBeChecked();
    await expect(canvas.getByRole('textbox', { name: /^Delete after \(days\)/ })).toHaveValue('30');
    await expect(canvas.getByRole('textbox', { name: /^Authorised IP address or range/ })).toHaveValue('203.0.113.7');
    await userEvent.click(canvas.getByRole('switch', { name: 'Delete cloud recordings automatically' }));
    await userEvent.click(canvas.getByRole('switch', { name: 'Limit access to an IP address or range' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saves('recording')).toEqual([{ modes: ['audio_only'], autoDeleteDays: null, allowedAddress: null }]));
  },
};

/** Before saving a period, a dry run says how many recordings and bytes it would delete, per tenant. */
export const RetentionDryRun: Story = {
  play: async ({ canvasElement, loaded }) => {
    const api = loadedSettingsApi(loaded);
    const canvas = within(canvasElement);
    await canvas.findByRole('form', { name: 'Recording settings' });
    await userEvent.click(canvas.getByRole('switch', { name: 'Delete cloud recordings automatically' }));
    await expect(await canvas.findByText('2 cloud recordings (24 MB) would be deleted.')).toBeInTheDocument();
    const table = within(canvas.getByRole('table', { name: 'Recordings retention would delete per tenant' }));
    await expect(table.getByText('Acme Corporation')).toBeInTheDocument();
    await expect(table.getByRole('columnheader', { name: 'Kept by legal hold' })).toBeInTheDocument();
    const days = canvas.getByRole('textbox', { name: /^Delete after \(days\)/ });
    await userEvent.clear(days);
    await userEvent.type(days, '90');
    await expect(await canvas.findByText('No cloud recording would be deleted.')).toBeInTheDocument();
    await expect(api.saves('recording')).toHaveLength(0);
  },
};

function translated(language: Language, texts: { title: string; save: string }): Story {
  return {
    parameters: { language },
    loaders: [fakeSettingsApiLoader(), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByRole('heading', { name: texts.title })).toBeInTheDocument();
      const save = await canvas.findByRole('button', { name: texts.save });
      await expect(save.closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    },
  };
}

export const English = translated('en', { title: 'Recording settings', save: 'Save' });
export const French = translated('fr', { title: 'Paramètres d’enregistrement', save: 'Enregistrer' });
export const Arabic = translated('ar', { title: 'إعدادات التسجيل', save: 'حفظ' });
export const Uzbek = translated('uz', { title: 'Yozib olish sozlamalari', save: 'Saqlash' });

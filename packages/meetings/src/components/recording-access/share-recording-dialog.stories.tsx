import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { installFakeClipboard, languageLoader, setDate, withMeetingsProviders } from '../../testing';
import { fakeRecordingAccessApiLoader, fakeShare, loadedRecordingAccessApi } from '../../testing/fake-recording-access-api';
import { ShareRecordingDialog } from './share-recording-dialog';

const recording = { id: '00000000-0000-4000-8000-dddd00000004', topic: 'Weekly sync' };
const now = new Date('2030-06-30T12:00:00Z');
const shares = [
  fakeShare(1, { passwordProtected: true }),
  fakeShare(2, { status: 'expired', expiresAt: '2030-06-02T12:00:00.000Z' }),
  fakeShare(3, { status: 'revoked', revokedAt: '2030-06-20T12:00:00.000Z' }),
  fakeShare(4, { status: 'locked', passwordProtected: true }),
];

const meta = {
  title: 'Meetings/ShareRecordingDialog',
  component: ShareRecordingDialog,
  decorators: [withMeetingsProviders],
  args: { recording, opened: true, onClose: () => {}, now },
  loaders: [fakeRecordingAccessApiLoader({ shares })],
} satisfies Meta<typeof ShareRecordingDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** A link with an expiry and a password: created, shown once with its copy button, and listed. */
export const CreatesAProtectedLink: Story = {
  play: async ({ canvasElement, loaded }) => {
    const api = loadedRecordingAccessApi(loaded);
    const clipboard = installFakeClipboard();
    const page = body(canvasElement);
    const dialog = within(await page.findByRole('dialog', { name: 'Share Weekly sync' }));
    await expect(dialog.getByRole('textbox', { name: 'Expire Link' })).toHaveValue('2030-07-07');
    await setDate(dialog, 'Expire Link', '2030-07-15');
    await userEvent.click(dialog.getByRole('switch', { name: 'Password Protection' }));
    await userEvent.type(dialog.getByLabelText(/^Password/, { selector: 'input[type="password"]' }), 'Sesame-4242');
    await userEvent.click(dialog.getByRole('button', { name: 'Create link' }));
    const link = await dialog.findByRole<HTMLInputElement>('textbox', { name: 'Link' });
    await expect(link.value).toMatch(/\/portal\/recording\/created-token-/);
    const sent = api.requestsOf('createRecordingShare')[0]?.body as { expiresAt: string; password: string | null };
    await expect(sent.password).toBe('Sesame-4242');
    await expect(sent.expiresAt.slice(0, 10)).toBe('2030-07-15');
    await userEvent.click(dialog.getByRole('button', { name: 'Copy Link' }));
    await waitFor(() => expect(clipboard.text()).toMatch(/\/portal\/recording\/created-token-/));
    await waitFor(() => expect(api.requestsOf('getRecordingShares').length).toBeGreaterThan(1));
  },
};

/** The recording's links with their state; revoking the active one. */
export const ListsAndRevokes: Story = {
  play: async ({ canvasElement, loaded }) => {
    const api = loadedRecordingAccessApi(loaded);
    const page = body(canvasElement);
    const table = within(await page.findByRole('table', { name: 'Links of this recording' }));
    await expect(table.getByText('Active')).toBeInTheDocument();
    await expect(table.getByText('Expired')).toBeInTheDocument();
    await expect(table.getByText('Revoked')).toBeInTheDocument();
    await expect(table.getByText('Locked')).toBeInTheDocument();
    await expect(table.getAllByRole('img', { name: 'Password protected' })).toHaveLength(2);
    const revokeButtons = table.getAllByRole('button', { name: /^Revoke the link expiring/ });
    await expect(revokeButtons).toHaveLength(1);
    await userEvent.click(revokeButtons[0]!);
    await waitFor(() => expect(api.requestsOf('revokeRecordingShare')).toHaveLength(1));
    await waitFor(() => expect(table.getAllByText('Revoked')).toHaveLength(2));
  },
};

/** A password too short or without digits, and a time in the past, in the spec's manner: under the field, nothing sent. */
export const RefusesBadInput: Story = {
  play: async ({ canvasElement, loaded }) => {
    const api = loadedRecordingAccessApi(loaded);
    const dialog = within(await body(canvasElement).findByRole('dialog', { name: 'Share Weekly sync' }));
    await setDate(dialog, 'Expire Link', '2030-06-01');
    await userEvent.click(dialog.getByRole('switch', { name: 'Password Protection' }));
    const password = dialog.getByLabelText(/^Password/, { selector: 'input[type="password"]' });
    await userEvent.type(password, 'Sesame-42');
    await userEvent.click(dialog.getByRole('button', { name: 'Create link' }));
    await expect(await dialog.findByText('Enter a password of 10 to 128 characters, with letters and digits')).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, 'only-letters-here');
    await userEvent.click(dialog.getByRole('button', { name: 'Create link' }));
    await expect(await dialog.findByText('Enter a password of 10 to 128 characters, with letters and digits')).toBeInTheDocument();
    await expect(dialog.getByText('Choose a time in the future, at most a year from now')).toBeInTheDocument();
    await expect(api.requestsOf('createRecordingShare')).toHaveLength(0);
  },
};

/** No links yet. */
export const NoLinks: Story = {
  loaders: [fakeRecordingAccessApiLoader({ shares: [] })],
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByText('This recording has no share links yet.')).toBeInTheDocument();
  },
};

/** The links fail to load: the failure and a retry. */
export const LoadError: Story = {
  loaders: [fakeRecordingAccessApiLoader({ shares, failing: ['getRecordingShares'] })],
  play: async ({ canvasElement }) => {
    const page = body(canvasElement);
    await expect(await page.findByText('Failed, Try Again..!!')).toBeInTheDocument();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

type Texts = { title: string; expire: string; protect: string; create: string; empty: string };

const translated = (language: Language, texts: Texts): Story => ({
  parameters: { language },
  loaders: [fakeRecordingAccessApiLoader({ shares: [] }), languageLoader(language)],
  play: async ({ canvasElement }) => {
    const page = body(canvasElement);
    const dialog = await page.findByRole('dialog', { name: texts.title });
    const inside = within(dialog);
    await expect(inside.getByRole('textbox', { name: texts.expire })).toBeInTheDocument();
    await expect(inside.getByRole('switch', { name: texts.protect })).toBeInTheDocument();
    await expect(inside.getByRole('button', { name: texts.create })).toBeInTheDocument();
    await expect(await inside.findByText(texts.empty)).toBeInTheDocument();
    await expect(dialog.closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  },
});

export const English = translated('en', { title: 'Share Weekly sync', expire: 'Expire Link', protect: 'Password Protection', create: 'Create link', empty: 'This recording has no share links yet.' });
export const French = translated('fr', {
  title: 'Partager Weekly sync',
  expire: 'Expiration du lien',
  protect: 'Protection par mot de passe',
  create: 'Créer le lien',
  empty: 'Cet enregistrement n’a encore aucun lien de partage.',
});
export const Arabic = translated('ar', { title: 'مشاركة Weekly sync', expire: 'انتهاء صلاحية الرابط', protect: 'الحماية بكلمة مرور', create: 'إنشاء الرابط', empty: 'لا توجد روابط مشاركة لهذا التسجيل بعد.' });
export const Uzbek = translated('uz', { title: 'Ulashish: Weekly sync', expire: 'Havola muddati', protect: 'Parol bilan himoya', create: 'Havola yaratish', empty: 'Bu yozuv uchun hali ulashish havolalari yoʻq.' });

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { activateLanguage, useFormatStore, useLanguageStore } from '@portal/i18n';
import type { Language } from '@portal/i18n';
import { AuthTestFrame, fakeCurrentUser, installFakeApi, json, noContent, problem } from '../../testing';
import type { FakeFetch, FakeRoutes } from '../../testing';
import type { LinkProblemCode } from '../link-problem';
import { fakeProfile, fakeSessions } from './profile-page.fixtures';
import ProfilePage from './profile-page';

let api: FakeFetch | undefined;

/** The signed-in user may edit their profile (every seeded role holds `user.profile.update`). */
const editor = () => fakeCurrentUser({ permissions: [...fakeCurrentUser().permissions, 'user.profile.get', 'user.profile.update'] });

const baseRoutes = (): FakeRoutes => ({
  getCurrentUser: json(editor()),
  getProfile: json(fakeProfile()),
  getSessions: json({ items: fakeSessions() }),
  getAuthorizedApps: json({ items: [] }),
  getTwoFactorStatus: json({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 }),
});

function setup(routes: FakeRoutes = {}, language: Language = 'en') {
  return async () => {
    window.localStorage.clear();
    api = installFakeApi({ ...baseRoutes(), ...routes });
    useFormatStore.getState().setFormats({});
    await activateLanguage(language);
  };
}

const body = () => within(document.body);

const meta = {
  title: 'Auth/ProfilePage',
  component: ProfilePage,
  decorators: [
    (Story, context) => (
      <AuthTestFrame path="/profile" initialEntry={(context.parameters.entry as string | undefined) ?? '/profile'}>
        <Story />
      </AuthTestFrame>
    ),
  ],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ProfilePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every section of the spec's Profile, filled from the profile. */
export const Default: Story = {
  beforeEach: setup(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const name of ['Profile picture', 'Personal details', 'Preferences', 'Login email', 'Password', 'Active sessions']) {
      await expect(await canvas.findByRole('heading', { name })).toBeVisible();
    }
    await expect(canvas.getByLabelText(/First name/)).toHaveValue('Ada');
    await expect(canvas.getByText('ada@acme.test')).toBeVisible();
    await expect(await canvas.findByText('Safari on iOS')).toBeVisible();
    await expect(canvas.getByText('This device')).toBeVisible();
  },
};

/** Saving a new display name says so and sends only the form's fields. */
export const UpdatesDisplayName: Story = {
  beforeEach: setup({ updateProfile: json(fakeProfile({ displayName: 'Countess' })) }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/Display name/), 'Countess');
    await userEvent.click(canvas.getByRole('button', { name: 'Save details' }));
    await expect(await body().findByText('Display name updated successfully')).toBeVisible();
    await expect(api?.calls).toContain('updateProfile');
    await expect(api?.bodies.at(api.calls.lastIndexOf('updateProfile'))).toMatchObject({ displayName: 'Countess', firstName: 'Ada' });
  },
};

/** Names are checked before the call. */
export const InvalidName: Story = {
  beforeEach: setup(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.clear(await canvas.findByLabelText(/First name/));
    await userEvent.click(canvas.getByRole('button', { name: 'Save details' }));
    await expect(await canvas.findByText('Enter a valid first name')).toBeVisible();
    await expect(api?.calls).not.toContain('updateProfile');
  },
};

/** Saving French applies it to the whole portal at once, the chosen formats too, and says so in French. */
export const AppliesLanguageAndFormats: Story = {
  beforeEach: setup({ updateProfile: json(fakeProfile({ language: 'fr', dateFormat: 'YYYY-MM-DD', timeFormat: 'HH:mm' })) }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('combobox', { name: 'Date format' }));
    await userEvent.click(await body().findByRole('option', { name: /^YYYY-MM-DD/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() => expect(useLanguageStore.getState().language).toBe('fr'));
    await expect(await body().findByText('Profil mis à jour avec succès')).toBeInTheDocument();
    await expect(useFormatStore.getState()).toMatchObject({ dateFormat: 'YYYY-MM-DD', timeFormat: 'HH:mm' });
    await expect(api?.bodies.at(api.calls.lastIndexOf('updateProfile'))).toMatchObject({ dateFormat: 'YYYY-MM-DD' });
  },
};

/** A wrong current password is said under the field ('Incorrect password'). */
export const WrongCurrentPassword: Story = {
  beforeEach: setup({ updateProfilePassword: problem(400, 'password_incorrect', { errors: [{ field: 'currentPassword', code: 'password_incorrect' }] }) }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(await canvas.findByRole('form', { name: 'Change password' }));
    await userEvent.type(form.getByLabelText(/Current password/), 'Wrong-pass1');
    await userEvent.type(form.getByLabelText(/New password/), 'Brand-New1');
    await userEvent.type(form.getByLabelText(/Retype password/), 'Brand-New1');
    await userEvent.click(form.getByRole('button', { name: 'Change password' }));
    await expect(await form.findByText('Incorrect password')).toBeVisible();
  },
};

/** The password changes with the spec's success message. */
export const ChangesPassword: Story = {
  beforeEach: setup({ updateProfilePassword: noContent() }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(await canvas.findByRole('form', { name: 'Change password' }));
    await userEvent.type(form.getByLabelText(/Current password/), 'Passw0rd!');
    await userEvent.type(form.getByLabelText(/New password/), 'short');
    await userEvent.type(form.getByLabelText(/Retype password/), 'short');
    await userEvent.click(form.getByRole('button', { name: 'Change password' }));
    await expect(await form.findByText('Password must contain at least 6 characters, including upper case/ lower case and numbers')).toBeVisible();
    await userEvent.clear(form.getByLabelText(/New password/));
    await userEvent.type(form.getByLabelText(/New password/), 'Brand-New1');
    await userEvent.clear(form.getByLabelText(/Retype password/));
    await userEvent.type(form.getByLabelText(/Retype password/), 'Brand-New1');
    await userEvent.click(form.getByRole('button', { name: 'Change password' }));
    await expect(await body().findByText('Password changed successfully')).toBeVisible();
  },
};

/** A new login email waits for its link; the mail goes to the new address. */
export const ChangesEmail: Story = {
  beforeEach: setup({ changeEmail: json(fakeProfile({ pendingEmail: 'ada@new.test' }), 202) }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(await canvas.findByRole('form', { name: 'Change login email' }));
    await userEvent.type(form.getByLabelText(/New email/), 'ada@new.test');
    await userEvent.type(form.getByLabelText(/Current password/), 'Passw0rd!');
    await userEvent.click(form.getByRole('button', { name: 'Change email' }));
    await expect(await body().findByText('A confirmation link has been sent to the new address')).toBeVisible();
    await expect(await canvas.findByRole('status')).toHaveTextContent('ada@new.test');
  },
};

/** The link from the mail confirms the new address as soon as the page opens. */
export const ConfirmsEmailFromLink: Story = {
  parameters: { entry: '/profile?confirmEmail=confirm-token-0123456789' },
  beforeEach: setup({ confirmEmail: json(fakeProfile({ email: 'ada@new.test' })) }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await body().findByText('Your login email has been changed')).toBeVisible();
    await expect(await canvas.findByText('ada@new.test')).toBeVisible();
    await expect(api?.bodies.at(api.calls.indexOf('confirmEmail'))).toEqual({ token: 'confirm-token-0123456789' });
  },
};

/** The profile opened from a confirmation link the server refuses with `code`. */
const refusedConfirmationLink = (code: LinkProblemCode, routes: FakeRoutes = {}) => ({
  parameters: { entry: '/profile?confirmEmail=confirm-token-0123456789' },
  beforeEach: setup({ confirmEmail: problem(400, code), ...routes }),
});

/** The login email section, once it says why the link was refused. */
async function refusalIn(canvasElement: HTMLElement, reason: string) {
  const section = within(await within(canvasElement).findByRole('region', { name: 'Login email' }));
  await expect(await section.findByRole('alert')).toHaveTextContent(reason);
  return section;
}

/** An expired confirmation link says so; asking for a new one fills in the waiting address, and one password later it is sent. */
export const ConfirmEmailLinkExpired: Story = {
  ...refusedConfirmationLink('token_expired', {
    getProfile: json(fakeProfile({ pendingEmail: 'ada@new.test' })),
    changeEmail: json(fakeProfile({ pendingEmail: 'ada@new.test' }), 202),
  }),
  play: async ({ canvasElement }) => {
    const section = await refusalIn(canvasElement, 'This link has expired.');
    await userEvent.click(section.getByRole('button', { name: 'Send me a new link' }));
    const form = within(section.getByRole('form', { name: 'Change login email' }));
    await expect(form.getByLabelText(/New email/)).toHaveValue('ada@new.test');
    await expect(form.getByLabelText(/Current password/)).toHaveFocus();
    await userEvent.type(form.getByLabelText(/Current password/), 'Passw0rd!');
    await userEvent.click(form.getByRole('button', { name: 'Change email' }));
    await expect(await body().findByText('A confirmation link has been sent to the new address')).toBeVisible();
    await expect(api?.bodies.at(api.calls.lastIndexOf('changeEmail'))).toEqual({ newEmail: 'ada@new.test', currentPassword: 'Passw0rd!' });
    // The new link answers the refused one.
    await expect(section.queryByRole('alert')).toBeNull();
  },
};

/** A used confirmation link says it was used (not that it expired); a new one starts at the new email field. */
export const ConfirmEmailLinkUsed: Story = {
  ...refusedConfirmationLink('token_used'),
  play: async ({ canvasElement }) => {
    const section = await refusalIn(canvasElement, 'This link has already been used.');
    await userEvent.click(section.getByRole('button', { name: 'Send me a new link' }));
    await expect(section.getByLabelText(/New email/)).toHaveFocus();
    await expect(api?.calls).not.toContain('changeEmail');
  },
};

/** An unknown confirmation link says so and offers a new one too. */
export const ConfirmEmailLinkInvalid: Story = {
  ...refusedConfirmationLink('token_invalid'),
  play: async ({ canvasElement }) => {
    const section = await refusalIn(canvasElement, 'This link is invalid or has expired.');
    await expect(section.getByRole('button', { name: 'Send me a new link' })).toBeVisible();
  },
};

/** A picture larger than 2 MB is refused before upload; a PNG of exactly 2 MB is uploaded. */
export const UploadsPicture: Story = {
  beforeEach: setup({ uploadProfilePicture: json(fakeProfile({ photoUrl: '/api/v1/profile-pictures/x/0123456789abcdef.png' })) }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: 'Upload picture' });
    const input = canvasElement.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('The picture section has no file input');
    await userEvent.upload(input, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    await expect(await body().findByText('Profile Update Error')).toBeVisible();
    await expect(api?.calls).not.toContain('uploadProfilePicture');
    await userEvent.upload(input, new File([new Uint8Array(2 * 1024 * 1024)], 'me.png', { type: 'image/png' }));
    await expect(await body().findByText('Profile picture updated successfully')).toBeVisible();
    await expect(api?.calls).toContain('uploadProfilePicture');
  },
};

/** Deleting the picture, and the spec's error when that fails. */
export const DeletesPicture: Story = {
  beforeEach: setup({
    getProfile: json(fakeProfile({ photoUrl: '/api/v1/profile-pictures/x/0123456789abcdef.png' })),
    deleteProfilePicture: problem(500, 'internal'),
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete picture' }));
    await expect(await body().findByText('Profile Picture Deleted Error')).toBeVisible();
  },
};

/** Ending another device's session removes it from the list. */
export const EndsAnotherSession: Story = {
  beforeEach: setup({ deleteSession: noContent() }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /End session on Safari on iOS/ }));
    await expect(await body().findByText('Session ended')).toBeVisible();
    await expect(api?.paths).toContain('DELETE /me/sessions/bbbbbbbbbbbbbbbb');
  },
};

function translated(language: Language, texts: { title: string; save: string; sessions: string }): Story {
  return {
    globals: { locale: language },
    beforeEach: setup({}, language),
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByRole('heading', { name: texts.title, level: 1 })).toBeVisible();
      await expect(canvas.getByRole('button', { name: texts.save })).toBeVisible();
      await expect(canvas.getByRole('heading', { name: texts.sessions })).toBeVisible();
    },
  };
}

export const English = translated('en', { title: 'Profile', save: 'Save details', sessions: 'Active sessions' });
export const French = translated('fr', { title: 'Profil', save: 'Enregistrer les informations', sessions: 'Sessions actives' });
export const Arabic = translated('ar', { title: 'الملف الشخصي', save: 'حفظ البيانات', sessions: 'الجلسات النشطة' });
export const Uzbek = translated('uz', { title: 'Profil', save: 'Maʼlumotlarni saqlash', sessions: 'Faol seanslar' });

/**
 * A role without "edit own profile" (`user.profile.update`, which the server requires for every
 * change here): the profile is shown read-only with a note; no field can be changed and nothing
 * offers to save, while sessions and two-factor stay the user's own.
 */
export const ReadOnlyWithoutEditPermission: Story = {
  beforeEach: setup({ getCurrentUser: json(fakeCurrentUser({ permissions: ['user.profile.get'] })) }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Your role does not allow you to change your profile. Ask your administrator if something here needs to change.')).toBeVisible();
    await expect(canvas.getByLabelText(/First name/)).toHaveValue('Ada');
    await expect(canvas.getByLabelText(/First name/)).toBeDisabled();
    await expect(canvas.getByRole('combobox', { name: 'Language' })).toBeDisabled();
    for (const name of ['Save details', 'Save preferences', 'Change email', 'Upload picture']) await expect(canvas.queryByRole('button', { name })).toBeNull();
    await expect(canvas.queryByRole('heading', { name: 'Password' })).toBeNull();
    await expect(await canvas.findByRole('heading', { name: 'Active sessions' })).toBeVisible();
    await expect(api?.calls.some((call) => call.startsWith('PATCH ') || call.startsWith('PUT '))).toBe(false);
  },
};

/** The read-only note in Arabic. */
export const ReadOnlyArabic: Story = {
  beforeEach: setup({ getCurrentUser: json(fakeCurrentUser({ permissions: ['user.profile.get'] })) }, 'ar'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('note')).toHaveTextContent(/[\u0600-\u06FF]/);
    await expect(canvas.queryByRole('button', { name: 'حفظ البيانات' })).toBeNull();
  },
};

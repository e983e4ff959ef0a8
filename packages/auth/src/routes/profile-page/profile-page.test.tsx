import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import { activateLanguage, useLanguageStore } from '@portal/i18n';
import * as stories from './profile-page.stories';

const {
  Default,
  UpdatesDisplayName,
  InvalidName,
  AppliesLanguageAndFormats,
  WrongCurrentPassword,
  ChangesPassword,
  ChangesEmail,
  ConfirmsEmailFromLink,
  ConfirmEmailLinkExpired,
  ConfirmEmailLinkUsed,
  ConfirmEmailLinkInvalid,
  UploadsPicture,
  DeletesPicture,
  EndsAnotherSession,
  English,
  French,
  Arabic,
  Uzbek,
  ReadOnlyWithoutEditPermission,
  ReadOnlyArabic,
} = composeStories(stories);

describe('ProfilePage', () => {
  afterEach(async () => {
    useLanguageStore.getState().setLanguage('en');
    await activateLanguage('en');
  });

  it('shows every section filled from the profile', async () => {
    await playStory(Default);
  });

  it('is read-only, with a note and no Save, for a role without user.profile.update', async () => {
    await playStory(ReadOnlyWithoutEditPermission);
  });

  it('says so in Arabic', async () => {
    await playStory(ReadOnlyArabic);
  });

  it('saves the personal details', async () => {
    await playStory(UpdatesDisplayName);
  });

  it('checks names before calling the server', async () => {
    await playStory(InvalidName);
  });

  it('applies a saved language and formats to the portal at once', async () => {
    await playStory(AppliesLanguageAndFormats);
  });

  it("says 'Incorrect password' when the current one is wrong", async () => {
    await playStory(WrongCurrentPassword);
  });

  it('changes the password', async () => {
    await playStory(ChangesPassword);
  });

  it('asks for a new login email', async () => {
    await playStory(ChangesEmail);
  });

  it('confirms the new login email from the link', async () => {
    await playStory(ConfirmsEmailFromLink);
  });

  it('says an expired confirmation link has expired and sends a new one to the waiting address', async () => {
    await playStory(ConfirmEmailLinkExpired);
  });

  it('says a used confirmation link was used and offers a new one', async () => {
    await playStory(ConfirmEmailLinkUsed);
  });

  it('says an unknown confirmation link is invalid and offers a new one', async () => {
    await playStory(ConfirmEmailLinkInvalid);
  });

  it('accepts a picture of exactly 2 MB and refuses a larger one before uploading', async () => {
    await playStory(UploadsPicture);
  });

  it("says 'Profile Picture Deleted Error' when deleting fails", async () => {
    await playStory(DeletesPicture);
  });

  it('ends another session', async () => {
    await playStory(EndsAnotherSession);
  });

  it.each([
    ['English', English],
    ['French', French],
    ['Arabic', Arabic],
    ['Uzbek', Uzbek],
  ])('speaks %s', async (_name, Story) => {
    await playStory(Story);
  });

  it('lays Arabic out right to left', async () => {
    await playStory(Arabic);
    expect(document.querySelector('[dir="rtl"]')).not.toBeNull();
  });
});

import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './tenant-smtp-form.stories';

const { NoSmtpYet, KeepsStoredPassword, TestMailFails, Arabic } = composeStories(stories);

describe('TenantSmtpForm', () => {
  it("checks the host, sender name and sender email with the spec's texts, then creates the settings", async () => {
    await playStory(NoSmtpYet);
  });

  it('keeps the stored password, waits for unsaved changes and shows the test mail result', async () => {
    await playStory(KeepsStoredPassword);
  });

  it("checks the test recipient and shows the SMTP server's error text", async () => {
    await playStory(TestMailFails);
  });

  it('renders in Arabic, right to left', async () => {
    await playStory(Arabic);
  });
});

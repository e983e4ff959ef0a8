import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './tenant-branding-section.stories';

const { EditTexts, UploadImage, ServerRefusesImage, RemoveImage, ReadOnly, LoadError, Arabic } = composeStories(stories);

describe('TenantBrandingSection', () => {
  it("refuses a bad brand URL with 'Enter a valid URL' without a call, then sends only the changed texts", async () => {
    await playStory(EditTexts);
  });

  it('refuses a 3 MB image and a GIF before uploading, and uploads a PNG as its raw bytes', async () => {
    await playStory(UploadImage);
  });

  it("shows the server's refusal of a file that is not an image in the same words", async () => {
    await playStory(ServerRefusesImage);
  });

  it('removes an image', async () => {
    await playStory(RemoveImage);
  });

  it('shows the brand read-only without the write permissions', async () => {
    await playStory(ReadOnly);
  });

  it('offers a retry after a failed load', async () => {
    await playStory(LoadError);
  });

  it('renders in Arabic, right to left', async () => {
    await playStory(Arabic);
  });
});

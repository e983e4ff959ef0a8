import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import { formPathOf } from './client-form-values';
import * as stories from './client-form-dialog.stories';

const { ServerFieldErrors, Edit, InvalidUrls, ServerInvalidUrl } = composeStories(stories);

describe('ClientFormDialog', () => {
  it('shows a server field error under its field', async () => {
    await playStory(ServerFieldErrors);
  });

  it('edits a client with its tenant read-only and its ICE servers removable', async () => {
    await playStory(Edit);
  });

  it("says 'Enter a valid URL' under an invalid version URL and app server, and 'Enter a valid Uris' under an ICE url", async () => {
    await playStory(InvalidUrls);
  });

  it("shows the server's invalid_url as 'Enter a valid URL' under the field", async () => {
    await playStory(ServerInvalidUrl);
  });

  it('maps server ICE field paths to form paths', () => {
    expect(formPathOf('iceServers.audio.2.url')).toBe('audio.2.url');
    expect(formPathOf('maxVersion')).toBe('maxVersion');
    expect(formPathOf('iceServers')).toBeNull();
  });
});

import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './dev-client-form-dialog.stories';

const { EmptyFormValidation, Create, EditRegenerateSecret, ServerError } = composeStories(stories);

describe('DevClientFormDialog', () => {
  it("shows the spec's texts for a missing name, bad redirect URIs and bad origins, sending nothing", async () => {
    await playStory(EmptyFormValidation);
  });

  it('creates a client and hands over its secret', async () => {
    await playStory(Create);
  });

  it('edits a client and hands over a regenerated secret', async () => {
    await playStory(EditRegenerateSecret);
  });

  it('keeps the dialog open with a snackbar when the server fails', async () => {
    await playStory(ServerError);
  });
});

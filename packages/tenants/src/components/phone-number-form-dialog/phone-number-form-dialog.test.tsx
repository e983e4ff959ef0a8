import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './phone-number-form-dialog.stories';

const { Create, EditDuplicate, ServerError, Arabic } = composeStories(stories);

describe('PhoneNumberFormDialog', () => {
  it("refuses an empty country and a number not in E.164 form with the spec's text, then creates", async () => {
    await playStory(Create);
  });

  it("edits a number, showing the server's duplicate error under the field", async () => {
    await playStory(EditDuplicate);
  });

  it('keeps the dialog open with a snackbar when the server fails', async () => {
    await playStory(ServerError);
  });

  it('renders in Arabic, right to left', async () => {
    await playStory(Arabic);
  });
});

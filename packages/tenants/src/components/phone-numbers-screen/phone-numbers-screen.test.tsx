import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './phone-numbers-screen.stories';

const { WithData, Empty, LoadError, Create, EditDuplicate, Delete, English, French, Arabic, Uzbek } = composeStories(stories);

describe('PhoneNumbersScreen', () => {
  it('shows the spec columns with the country name', async () => {
    await playStory(WithData);
  });

  it('says there are no phone numbers when there are none', async () => {
    await playStory(Empty);
  });

  it('offers a retry after a failed load', async () => {
    await playStory(LoadError);
  });

  it("creates a number, refusing a non-E.164 or implausible one with 'Enter a valid phone number'", async () => {
    await playStory(Create);
  });

  it('shows a duplicate number under the field and then saves the edit', async () => {
    await playStory(EditDuplicate);
  });

  it('asks before deleting', async () => {
    await playStory(Delete);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});

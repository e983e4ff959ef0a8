import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './upcoming-meetings-screen.stories';

const { WithData, Empty, LoadError, Search, Start, Copy, Encrypted, EditSingle, EditOneOccurrence, Invite, DeleteOneOccurrence, DeleteAllOccurrences, English, French, Arabic, Uzbek } = composeStories(stories);

describe('UpcomingMeetingsScreen', () => {
  it('lists every upcoming occurrence with the spec columns and actions', async () => {
    await playStory(WithData);
  });

  it('says when nothing is scheduled', async () => {
    await playStory(Empty);
  });

  it('offers a retry after a failed load', async () => {
    await playStory(LoadError);
  });

  it('searches on the server', async () => {
    await playStory(Search);
  });

  it('starts a meeting by opening its join link', async () => {
    await playStory(Start);
  });

  it("copies the invitation text: 'meeting invite copied'", async () => {
    await playStory(Copy);
  });

  it("marks an encrypted meeting and starts and copies it with this browser's key", async () => {
    await playStory(Encrypted);
  });

  it('edits a single meeting on its Schedule screen', async () => {
    await playStory(EditSingle);
  });

  it('asks all or this occurrence before editing a recurring meeting', async () => {
    await playStory(EditOneOccurrence);
  });

  it("invites by email: 'invitation sent successfully'", async () => {
    await playStory(Invite);
  });

  it('deletes one occurrence of a recurring meeting', async () => {
    await playStory(DeleteOneOccurrence);
  });

  it('deletes every occurrence of a recurring meeting', async () => {
    await playStory(DeleteAllOccurrences);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});

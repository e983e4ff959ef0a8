import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './cloud-recordings-screen.stories';

const { WithData, FailureReason, PeriodAndSearch, SuperAdministrator, ProcessingTurnsReady, Empty, LoadError, English, French, Arabic, Uzbek } = composeStories(stories);

describe('CloudRecordingsScreen', () => {
  it('lists the last 30 days with the spec columns, sizes, processing and failed recordings', async () => {
    await playStory(WithData);
  });

  it('tells why a recording failed', async () => {
    await playStory(FailureReason);
  });

  it('filters by period and searches', async () => {
    await playStory(PeriodAndSearch);
  });

  it('shows the super administrator every tenant, narrowed by company', async () => {
    await playStory(SuperAdministrator);
  });

  it('asks again while a recording is processing', async () => {
    await playStory(ProcessingTurnsReady);
  }, 15_000);

  it('says when there is nothing to show', async () => {
    await playStory(Empty);
  });

  it('shows a failed load', async () => {
    await playStory(LoadError);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});

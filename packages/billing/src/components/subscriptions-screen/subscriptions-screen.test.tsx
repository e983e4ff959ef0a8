import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './subscriptions-screen.stories';

const { CurrentPlans, ChangePlan, FewerLicences, Cancel, PendingPlans, Empty, LoadFails, French, Arabic, Uzbek } = composeStories(stories);

describe('SubscriptionsScreen', () => {
  it('lists current plans and shows the prorated price of more licences before saving', async () => {
    await playStory(CurrentPlans);
  });

  it('changes plan with the prorated price shown first', async () => {
    await playStory(ChangePlan);
  });

  it('says fewer licences cost nothing now and apply at the cycle end', async () => {
    await playStory(FewerLicences);
  });

  it("confirms a cancellation 'at the end of the billing cycle'", async () => {
    await playStory(Cancel);
  });

  it('lists and cancels pending plans', async () => {
    await playStory(PendingPlans);
  });

  it("says 'No current plans available!'", async () => {
    await playStory(Empty);
  });

  it('shows the error with a retry', async () => {
    await playStory(LoadFails);
  });

  it('writes French', async () => {
    await playStory(French);
  });

  it('renders Arabic right to left', async () => {
    await playStory(Arabic);
  });

  it('writes Uzbek', async () => {
    await playStory(Uzbek);
  });
});

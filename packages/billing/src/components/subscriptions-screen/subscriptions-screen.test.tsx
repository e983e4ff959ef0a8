import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './subscriptions-screen.stories';

const { CurrentPlans, PurchaseNewPlan, Pay, PayRefused, ChangePlan, Cancel, PendingPlans, PendingEditPlan, UpgradePending, Empty, LoadFails, French, Arabic, Uzbek } = composeStories(stories);

describe('SubscriptionsScreen', () => {
  it('lists current plans; Edit Plan opens edit-plan for the row', async () => {
    await playStory(CurrentPlans);
  });

  it("offers 'purchase new plan', which opens the plans on sale", async () => {
    await playStory(PurchaseNewPlan);
  });

  it("offers 'pay' for a plan whose change waits for payment, and says which invoice to quote for a bank transfer", async () => {
    await playStory(Pay);
  });

  it('says why a Pay was refused', async () => {
    await playStory(PayRefused);
  });

  it('opens change-plan for the row', async () => {
    await playStory(ChangePlan);
  });

  it("confirms a cancellation 'at the end of the billing cycle'", async () => {
    await playStory(Cancel);
  });

  it('lists and cancels pending plans', async () => {
    await playStory(PendingPlans);
  });

  it('opens edit-plan for a pending plan from its row', async () => {
    await playStory(PendingEditPlan);
  });

  it('opens the upgrade of a pending plan from its row', async () => {
    await playStory(UpgradePending);
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

import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './plan-change-screen.stories';

const { MoreLicences, FewerLicences, ChangePlan, ChangeBundles, PendingLicencesAndBundles, PendingAutoRenewal, PendingEnglish, PendingFrench, PendingArabic, PendingUzbek, UnknownSubscription, LoadFails, French, Arabic, Uzbek } = composeStories(stories);

// Typing into the licence field and waiting for the debounced quote is slow on a loaded machine.
const typing = 60_000;

describe('PlanChangeScreen', () => {
  it('shows the prorated price of more licences before saving, then returns to Current plans', async () => {
    await playStory(MoreLicences);
  }, typing);

  it('says fewer licences cost nothing now and apply at the cycle end', async () => {
    await playStory(FewerLicences);
  }, typing);

  it('changes plan with the prorated price shown first', async () => {
    await playStory(ChangePlan);
  }, typing);

  it('changes the bundles of a plan: unticking one prices the change and sends no bundles', async () => {
    await playStory(ChangeBundles);
  }, typing);

  it('edits the licences and bundles of a pending plan with its new total shown first, then returns to Pending plans', async () => {
    await playStory(PendingLicencesAndBundles);
  }, typing);

  it("sends only a pending plan's auto renewal when only it changes", async () => {
    await playStory(PendingAutoRenewal);
  }, typing);

  describe('a pending plan', () => {
    itRendersInEveryLanguage({ English: PendingEnglish, French: PendingFrench, Arabic: PendingArabic, Uzbek: PendingUzbek });
  });

  it('says when the address names no current plan', async () => {
    await playStory(UnknownSubscription);
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

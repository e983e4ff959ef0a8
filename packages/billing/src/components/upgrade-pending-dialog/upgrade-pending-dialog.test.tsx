import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './upgrade-pending-dialog.stories';

const { Upgrade, English, French, Arabic, Uzbek } = composeStories(stories);

// Choosing in the dialog's selects takes several seconds alone, far more on a loaded CI machine.
const formFilling = 60_000;

describe('UpgradePendingDialog', () => {
  it('upgrades a pending plan to a higher plan of its product with a bundle, after showing the new total', async () => {
    await playStory(Upgrade);
  }, formFilling);

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});

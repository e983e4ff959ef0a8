import { playStory } from '../testing/play-story';
import { composeStories } from '@storybook/react';
import { describe, it } from 'vitest';
import * as stories from './brand-logo.stories';

const { TenantBranding, DefaultBranding } = composeStories(stories);

describe('BrandLogo and the tenant theme', () => {
  it('shows the tenant logo and colours primary buttons with the tenant palette', () => playStory(TenantBranding));
  it('falls back to the brand name and the default palette', () => playStory(DefaultBranding));
});

import { playStory } from '../../testing/play-story';
import { composeStories } from '@storybook/react';
import { describe, it } from 'vitest';
import * as stories from './missing-page.stories';

const { Production, WithSupportEmail, LocalDevelopmentWithRouterLinks } = composeStories(stories);

describe('MissingPage', () => {
  it("shows the spec's text and a Go Home link, without Login", () => playStory(Production));
  it('offers the support address as a mailto link when one is saved', () => playStory(WithSupportEmail));
  it('renders links through the app router and offers Login when asked', () => playStory(LocalDevelopmentWithRouterLinks));
});

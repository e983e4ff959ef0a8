import { playStory } from '../../testing/play-story';
import { composeStories } from '@storybook/react';
import { describe, it } from 'vitest';
import * as stories from './app-layout.stories';

const { Vertical, FoldedExpandsOnHover, HorizontalFullWidth, HorizontalBoxed, MobileDrawer, AuthPageWithoutChrome, RightToLeft } = composeStories(stories);

describe('AppLayout', () => {
  it('composes navbar, toolbar, footer and panels; settings switch the layout', () => playStory(Vertical));
  it('expands a folded navbar after 150 ms of hover and folds again on leave', () => playStory(FoldedExpandsOnHover));
  it('puts the menu in a top bar in the full-width horizontal layout', () => playStory(HorizontalFullWidth));
  it('renders the boxed horizontal layout', () => playStory(HorizontalBoxed));
  it('opens the navigation in a drawer on phones and closes it after navigating', () => playStory(MobileDrawer));
  it('hides the chrome on auth pages', () => playStory(AuthPageWithoutChrome));
  it('renders right-to-left', () => playStory(RightToLeft));
});

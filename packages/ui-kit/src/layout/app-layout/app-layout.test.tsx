import { composeStories } from '@storybook/react';
import { describe, it } from 'vitest';
import * as stories from './app-layout.stories';

const { Vertical, FoldedExpandsOnHover, HorizontalFullWidth, HorizontalBoxed, MobileDrawer, AuthPageWithoutChrome, RightToLeft } = composeStories(stories);

describe('AppLayout', () => {
  it('composes navbar, toolbar, footer and panels; settings switch the layout', () => Vertical.run());
  it('expands a folded navbar after 150 ms of hover and folds again on leave', () => FoldedExpandsOnHover.run());
  it('puts the menu in a top bar in the full-width horizontal layout', () => HorizontalFullWidth.run());
  it('renders the boxed horizontal layout', () => HorizontalBoxed.run());
  it('opens the navigation in a drawer on phones and closes it after navigating', () => MobileDrawer.run());
  it('hides the chrome on auth pages', () => AuthPageWithoutChrome.run());
  it('renders right-to-left', () => RightToLeft.run());
});

import { playStory } from '../testing/play-story';
import { composeStories } from '@storybook/react';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../testing';
import { NOTIFICATION_AUTO_CLOSE_MS } from './notifications-host';
import { notify } from './notify';
import * as stories from './notifications.stories';

const { Variants } = composeStories(stories);

describe('notifications', () => {
  afterEach(() => {
    act(() => notify.clean());
    vi.useRealTimers();
  });

  it('hides a snackbar after 4000 ms, as the spec says', () => {
    vi.useFakeTimers();
    renderWithUi(<p>page</p>);
    act(() => {
      notify.success('User deleted successfully');
    });
    expect(screen.getByText('User deleted successfully')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(NOTIFICATION_AUTO_CLOSE_MS - 100);
    });
    expect(screen.getByText('User deleted successfully')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    // The store drops it at 4000 ms; the exit transition then removes it from the page.
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.queryByText('User deleted successfully')).not.toBeInTheDocument();
  });

  // Composed stories stay mounted until the next story runs, so this one comes last.
  it('shows each variant with its role', () => playStory(Variants));
});

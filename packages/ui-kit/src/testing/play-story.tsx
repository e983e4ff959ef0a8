// Runs a composed story the way Storybook's test runner does (loaders, render, play) but renders
// through Testing Library, so the story is unmounted after its test. Storybook's own `run()`
// keeps the last story mounted until the next one, and React work left over at the end of a
// file then fails on the torn-down DOM.
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';

export type PlayableStory = ComponentType & {
  load: () => Promise<void>;
  play?: ((context: { canvasElement: HTMLElement }) => Promise<void> | void) | undefined;
};

export async function playStory(Story: PlayableStory): Promise<void> {
  // A story without a play function would only fail on a crash: every tested story must assert.
  if (!Story.play) throw new Error(`Story "${Story.displayName ?? 'unnamed'}" has no play function to test`);
  await Story.load();
  const { container } = render(<Story />);
  await Story.play?.({ canvasElement: container });
}

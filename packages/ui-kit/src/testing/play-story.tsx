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
  await Story.load();
  const { container } = render(<Story />);
  await Story.play?.({ canvasElement: container });
}

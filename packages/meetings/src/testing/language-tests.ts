// For component tests only (it uses Vitest's globals): not exported from the stories' index.
import { playStory, type PlayableStory } from '@portal/ui-kit/testing';

export type LanguageStories = { English: PlayableStory; French: PlayableStory; Arabic: PlayableStory; Uzbek: PlayableStory };

/** The test every screen has: its story in each of the portal's four languages renders and passes its play function. */
export function itRendersInEveryLanguage({ English, French, Arabic, Uzbek }: LanguageStories) {
  it.each([
    ['en', English],
    ['fr', French],
    ['ar', Arabic],
    ['uz', Uzbek],
  ])('renders in %s', async (_language, story) => {
    await playStory(story);
  });
}

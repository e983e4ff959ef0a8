// For component tests only: it calls Vitest's globals (`it`) when a test file runs it.
import { playStory, type PlayableStory } from './play-story';

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

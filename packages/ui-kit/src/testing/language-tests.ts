// For component tests only: it calls Vitest's globals (`it`) when a test file runs it.
import { playStory, type PlayableStory } from './play-story';

/**
 * Vitest's global `it`, as the test files that call this run with globals. Declared here rather than
 * typed from Vitest so the package build (which ships ui-kit/testing) needs no test-runner types.
 */
declare const it: { each: <T extends readonly unknown[]>(cases: readonly T[]) => (name: string, test: (...args: T) => Promise<void>) => void };

export type LanguageStories = { English: PlayableStory; French: PlayableStory; Arabic: PlayableStory; Uzbek: PlayableStory };

/** The test every screen has: its story in each of the portal's four languages renders and passes its play function. */
export function itRendersInEveryLanguage({ English, French, Arabic, Uzbek }: LanguageStories) {
  it.each<readonly [string, PlayableStory]>([
    ['en', English],
    ['fr', French],
    ['ar', Arabic],
    ['uz', Uzbek],
  ])('renders in %s', async (_language, story) => {
    await playStory(story);
  });
}

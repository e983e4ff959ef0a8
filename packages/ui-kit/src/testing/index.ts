export { renderWithUi, type RenderWithUiOptions } from './render-with-ui';
export { createTestI18n, UiTestProviders, useEnclosingI18n, type UiTestProvidersProps } from './ui-test-providers';
export { playStory, type PlayableStory } from './play-story';
export { itRendersInEveryLanguage, type LanguageStories } from './language-tests';

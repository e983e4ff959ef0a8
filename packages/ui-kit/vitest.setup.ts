// Package-level test setup on top of the shared DOM setup (which registers jest-dom at runtime;
// importing it here as well brings its matcher types into this package's typecheck).
import '@testing-library/jest-dom/vitest';
import { clearAllMocks } from 'storybook/test';
import { beforeEach } from 'vitest';

// Storybook clears `fn()` spies before every story; composeStories in Vitest does not, and
// stories of one file share the spies declared in `meta.args`.
beforeEach(() => clearAllMocks());

// jsdom has no Clipboard API; an in-memory one lets copy buttons run as in a browser.
if (!navigator.clipboard) {
  let text = '';
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: async (value: string) => {
        text = value;
      },
      readText: async () => text,
    },
  });
}

// DOM test setup shared by every front-end package: jest-dom matchers and the browser APIs that
// jsdom lacks but Mantine uses (matchMedia, ResizeObserver, scrollIntoView).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// CI has two cores shared by parallel suites; a lazy screen compiled on first use can take more
// than Testing Library's default 1 s to appear, without anything being wrong.
configure({ asyncUtilTimeout: 5_000 });

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};
window.HTMLElement.prototype.scrollTo ??= () => {};

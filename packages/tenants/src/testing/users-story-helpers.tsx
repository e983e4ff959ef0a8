import type { Decorator } from '@storybook/react-vite';
import { notify } from '@portal/ui-kit';
import { installFakeUsersApi, type FakeUsersApi, type FakeUsersApiOptions } from './fake-users-api';
import { UsersTestProviders } from './users-test-providers';

/**
 * Providers around a users story; each story mount gets a fresh query cache. A story's
 * `parameters.direction: 'rtl'` renders it right to left.
 */
export const withUsersProviders: Decorator = (Story, { parameters }) => (
  <UsersTestProviders dir={parameters.direction === 'rtl' ? 'rtl' : undefined}>
    <Story />
  </UsersTestProviders>
);

/**
 * Installs the users fake before the story renders; play functions read it as `loaded.api` to
 * assert the requests the story made.
 */
export function fakeUsersApiLoader(options: FakeUsersApiOptions = {}): () => { api: FakeUsersApi } {
  return () => {
    // Snackbars live in a module-level store: a story starts without the previous story's ones.
    notify.clean();
    return { api: installFakeUsersApi(options) };
  };
}

/** The fake a story's loader installed. */
export function loadedApi(loaded: Record<string, unknown>): FakeUsersApi {
  return loaded.api as FakeUsersApi;
}

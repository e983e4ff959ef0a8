import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { useState, type ReactElement, type ReactNode } from 'react';
import { notify } from '@portal/ui-kit';
import { UiTestProviders, useEnclosingI18n } from '@portal/ui-kit/testing';
import { createTestQueryClient } from '@portal/auth/testing';
import { installFakeUsersApi, type FakeUsersApi, type FakeUsersApiOptions } from './fake-users-api';

export type UsersTestProvidersProps = {
  children: ReactNode;
  queryClient?: QueryClient;
  dir?: 'ltr' | 'rtl';
};

/** Mantine, Lingui, snackbars and a fresh TanStack Query client, for tests and stories. */
export function UsersTestProviders({ children, queryClient, dir }: UsersTestProvidersProps) {
  const enclosingI18n = useEnclosingI18n();
  const [client] = useState(() => queryClient ?? createTestQueryClient(enclosingI18n));
  return (
    <UiTestProviders dir={dir}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </UiTestProviders>
  );
}

/** Installs the users fake as the API, renders `ui` inside the providers and sets up userEvent. */
export function renderWithUsersApi(ui: ReactElement, options: FakeUsersApiOptions = {}): RenderResult & { user: UserEvent; api: FakeUsersApi } {
  // Snackbars live in a module-level store: start each test without the previous test's ones.
  notify.clean();
  const api = installFakeUsersApi(options);
  const user = userEvent.setup();
  const result = render(ui, { wrapper: ({ children }) => <UsersTestProviders>{children}</UsersTestProviders> });
  return { ...result, user, api };
}

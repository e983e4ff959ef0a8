import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { UiTestProviders, type UiTestProvidersProps } from './ui-test-providers';

export type RenderWithUiOptions = Omit<RenderOptions, 'wrapper'> & Omit<UiTestProvidersProps, 'children'>;

/** Renders inside `UiTestProviders` and returns a ready `user` (userEvent.setup()). */
export function renderWithUi(ui: ReactElement, options: RenderWithUiOptions = {}): RenderResult & { user: UserEvent } {
  const { branding, dir, i18n, env, ...renderOptions } = options;
  const user = userEvent.setup();
  const result = render(ui, {
    ...renderOptions,
    wrapper: ({ children }) => (
      <UiTestProviders branding={branding} dir={dir} i18n={i18n} env={env}>
        {children}
      </UiTestProviders>
    ),
  });
  return { ...result, user };
}

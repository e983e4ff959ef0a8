import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithUsersApi } from '../../testing';
import { SignInInfoDialog } from './sign-in-info-dialog';
import * as stories from './sign-in-info-dialog.stories';

const signIn = { email: 'ann.lee@acme.example', password: 'Xy7-secret', url: 'https://acme.portal.localhost/portal/login' };

describe('SignInInfoDialog', () => {
  it('copies one field with its own button', async () => {
    const { user } = renderWithUsersApi(<SignInInfoDialog opened signIn={signIn} onClose={vi.fn()} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign-in information' }));
    await user.click(dialog.getByRole('button', { name: 'Copy Sign-in URL' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(signIn.url);
  });

  it('copies all details as labelled lines', async () => {
    const { user } = renderWithUsersApi(<SignInInfoDialog opened signIn={signIn} onClose={vi.fn()} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign-in information' }));
    await user.click(dialog.getByRole('button', { name: 'Copy all' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `Email: ${signIn.email}\nPassword: ${signIn.password}\nSign-in URL: ${signIn.url}`,
    );
    expect(await screen.findByText('User info copied')).toBeInTheDocument();
  });
});

describe('SignInInfoDialog stories', () => {
  const composed = composeStories(stories);
  it.each(Object.entries(composed))('%s renders and passes its play function', (_name, Story) => playStory(Story));
});

import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithUsersApi } from '../../testing';
import { ImportUsersDialog } from './import-users-dialog';
import * as stories from './import-users-dialog.stories';

const TOO_LARGE = 'This file exceeds maximum upload size of 1 MB';

function csvFile(text: string, name = 'users.csv') {
  return new File([text], name, { type: 'text/csv' });
}

function fileInput() {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input');
  return input;
}

describe('ImportUsersDialog', () => {
  it('offers the CSV template: the import columns and one example row', async () => {
    renderWithUsersApi(<ImportUsersDialog opened onClose={vi.fn()} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Import users' }));
    const link = dialog.getByRole('link', { name: 'Download template' });
    expect(link).toHaveAttribute('download', 'users-template.csv');
    expect(decodeURIComponent(link.getAttribute('href')!.split(',').slice(1).join(','))).toBe('email,firstName,lastName,role\njane.doe@example.com,Jane,Doe,member\n');
  });

  it('refuses a file over 1 MB before uploading', async () => {
    const { user, api } = renderWithUsersApi(<ImportUsersDialog opened onClose={vi.fn()} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Import users' }));
    await user.upload(fileInput(), csvFile(`email,firstName,lastName,role\n${'x'.repeat(1024 * 1024)}`));
    expect(await dialog.findByText(TOO_LARGE)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(api.requestsOf('startUserImport')).toHaveLength(0);
  });

  it("shows the server's 413 with the same message", async () => {
    const { user } = renderWithUsersApi(<ImportUsersDialog opened onClose={vi.fn()} />, {
      failing: { startUserImport: { status: 413, problem: { code: 'file_too_large' } } },
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Import users' }));
    await user.upload(fileInput(), csvFile('email,firstName,lastName,role\na@b.example,A,B,member\n'));
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    expect(await dialog.findByText(TOO_LARGE)).toBeInTheDocument();
  });

  it('lists the errors of every row and says nothing was imported', async () => {
    const onClose = vi.fn();
    const { user, api } = renderWithUsersApi(<ImportUsersDialog opened onClose={onClose} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Import users' }));
    await user.upload(fileInput(), csvFile('email,firstName,lastName,role\nnot-an-email,Ann,Lee,member\nok@acme.example,Bo,9,member\n'));
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    expect(await dialog.findByText('The file has errors; nothing was imported.', undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(within(dialog.getByRole('status', { name: 'Import progress' })).getByText('Rows read: 2 of 2 · Created: 0 · Refused: 2')).toBeInTheDocument();
    const list = dialog.getByRole('list', { name: 'Errors by row' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Row 2, email: Enter a valid email',
      'Row 3, lastName: Enter a valid last name',
    ]);
    expect(api.requestsOf('startUserImport')[0]?.body).toContain('not-an-email,Ann,Lee,member');
    expect(api.users).toHaveLength(3);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('imports a valid file and reports the count', async () => {
    const onClose = vi.fn();
    const { user, api } = renderWithUsersApi(<ImportUsersDialog opened onClose={onClose} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Import users' }));
    await user.upload(fileInput(), csvFile('email,firstName,lastName,role\nann@acme.example,Ann,Lee,member\nbo@acme.example,Bo,Berg,admin\n'));
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce(), { timeout: 3000 });
    expect(await screen.findByText('2 users imported')).toBeInTheDocument();
    expect(api.users.map((u) => u.email)).toEqual(expect.arrayContaining(['ann@acme.example', 'bo@acme.example']));
  });

  it('shows rows read, created and refused while the server imports a large file, then closes', async () => {
    const onClose = vi.fn();
    const { user, api } = renderWithUsersApi(<ImportUsersDialog opened onClose={onClose} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Import users' }));
    const rows = Array.from({ length: 400 }, (_, index) => `bulk${index}@acme.example,Ann,Lee,member`);
    await user.upload(fileInput(), csvFile(['email,firstName,lastName,role', ...rows].join('\n')));
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    const progress = within(await dialog.findByRole('status', { name: 'Import progress' }));
    expect(await progress.findByText('Rows read: 200 of 400 · Created: 0 · Refused: 0')).toBeInTheDocument();
    expect(progress.getByText('Reading and checking rows…')).toBeInTheDocument();
    expect(progress.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(await progress.findByText('Rows read: 400 of 400 · Created: 200 · Refused: 0', undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(progress.getByText('Creating users…')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce(), { timeout: 3000 });
    expect(await screen.findByText('400 users imported')).toBeInTheDocument();
    expect(api.requestsOf('getUserImport').length).toBeGreaterThanOrEqual(3);
    expect(api.users).toHaveLength(403);
  });

  it('asks for a file before importing', async () => {
    const { user, api } = renderWithUsersApi(<ImportUsersDialog opened onClose={vi.fn()} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Import users' }));
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    expect(await dialog.findByText('This field is required')).toBeInTheDocument();
    expect(api.requestsOf('startUserImport')).toHaveLength(0);
  });
});

describe('ImportUsersDialog stories', () => {
  const composed = composeStories(stories);
  it.each(Object.entries(composed))('%s renders and passes its play function', (_name, Story) => playStory(Story));
});

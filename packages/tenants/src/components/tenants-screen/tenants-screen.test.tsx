import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileText } from '../../utils/read-file-text';
import * as stories from './tenants-screen.stories';

const {
  WithData,
  Search,
  Empty,
  LoadError,
  Create,
  Delete,
  TenantAdministrator,
  ImportUsers,
  ImportTooLarge,
  ImportRowErrors,
  ExportUsers,
  DownloadTemplate,
  WithoutUserPermissions,
  ExportOnly,
  English,
  French,
  Arabic,
  Uzbek,
} = composeStories(stories);

/** Catches the downloads `downloadFile` starts: the saved file's name and text. */
function spyDownloads() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:download');
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return {
    count: () => click.mock.calls.length,
    fileName: (index = 0) => (click.mock.contexts[index] as HTMLAnchorElement).download,
    text: (index = 0) => readFileText(createObjectURL.mock.calls[index]![0]),
  };
}

afterEach(() => vi.restoreAllMocks());

describe('TenantsScreen', () => {
  it('shows the spec columns and links each tenant to its detail', async () => {
    await playStory(WithData);
  });

  it('searches on the server', async () => {
    await playStory(Search);
  });

  it('says there are no tenants when there are none', async () => {
    await playStory(Empty);
  });

  it('offers a retry after a failed load', async () => {
    await playStory(LoadError);
  });

  it("creates a tenant, refusing an invalid subdomain with 'Enter a valid subdomain' and a taken one, then shows the admin's sign-in info", async () => {
    await playStory(Create);
  });

  it('asks before deleting and never offers to delete the platform tenant', async () => {
    await playStory(Delete);
  });

  it('shows a tenant administrator its own tenant only, without create or delete', async () => {
    await playStory(TenantAdministrator);
  });

  it('imports a valid CSV into the tenant of the row (POST /tenants/{id}/users/import with the file text)', async () => {
    await playStory(ImportUsers);
  });

  it("refuses a 2 MB file with 'This file exceeds maximum upload size of 1 MB' without calling the server", async () => {
    await playStory(ImportTooLarge);
  });

  it("lists a 422's errors by row", async () => {
    await playStory(ImportRowErrors);
  });

  it("exports the row's users as users-<sname>.csv", async () => {
    const downloads = spyDownloads();
    await playStory(ExportUsers);
    await vi.waitFor(() => expect(downloads.count()).toBe(1));
    expect(downloads.fileName()).toBe('users-acme.csv');
    expect((await downloads.text()).split('\r\n')).toEqual(['email,firstName,lastName,role,status', 'admin@acme.example,Admin,1,tenantadmin,enabled', '']);
  });

  it('downloads the import template: the header and one example row', async () => {
    const downloads = spyDownloads();
    await playStory(DownloadTemplate);
    expect(downloads.count()).toBe(1);
    expect(downloads.fileName()).toBe('users-template.csv');
    const lines = (await downloads.text()).trimEnd().split('\n');
    expect(lines).toEqual(['email,firstName,lastName,role', 'jane.doe@example.com,Jane,Doe,member']);
  });

  it('hides import, export and the template without user.put and user.get', async () => {
    await playStory(WithoutUserPermissions);
  });

  it('offers export alone with user.get only', async () => {
    await playStory(ExportOnly);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});

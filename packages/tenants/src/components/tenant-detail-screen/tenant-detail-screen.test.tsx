import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './tenant-detail-screen.stories';

const { EditDetails, TenantAdministrator, Settings, PartnerAppFlags, Smtp, SmtpTestFails, SmtpCreate, Sso, SsoOfAnotherTenant, Users, NoUsers, BrandingThemeAndClients, Roles, OwnRoles, OtherFeaturesTabs, Delete, NotFound, English, French, Arabic, Uzbek } = composeStories(stories);

describe('TenantDetailScreen', () => {
  it("edits the tenant's details, refusing an invalid subdomain", async () => {
    await playStory(EditDetails);
  });

  it('keeps the subdomain, status, dial in/out and delete away from a tenant administrator', async () => {
    await playStory(TenantAdministrator);
  });

  it('saves signup flags, dial in/out and features', async () => {
    await playStory(Settings);
  });

  it("leaves the partner apps' flags to the server when the settings are saved", async () => {
    await playStory(PartnerAppFlags);
  });

  it('saves SMTP without resending the stored password and shows the test mail result', async () => {
    await playStory(Smtp);
  });

  it("shows the SMTP server's error text when the test mail fails", async () => {
    await playStory(SmtpTestFails);
  });

  it('creates the SMTP settings, checking the host', async () => {
    await playStory(SmtpCreate);
  });

  it("manages the own tenant's SSO providers in the SSO tab", async () => {
    await playStory(Sso);
  });

  it("lists another tenant's SSO providers for the platform administrator", async () => {
    await playStory(SsoOfAnotherTenant);
  });

  it("lists the tenant's users in the User tab, searchable", async () => {
    await playStory(Users);
  });

  it("says 'There are no users!' in the User tab of a tenant without users", async () => {
    await playStory(NoUsers);
  });

  it('shows the branding, theme, mobile and desktop clients of the tenant in their tabs', async () => {
    await playStory(BrandingThemeAndClients);
  });

  it("lists the tenant's roles in the Roles tab, without a manage link for another tenant", async () => {
    await playStory(Roles);
  });

  it("links the own tenant's Roles tab to the Roles screen", async () => {
    await playStory(OwnRoles);
  });

  it("places the other features' tabs after the own tab each names", async () => {
    await playStory(OtherFeaturesTabs);
  });

  it('asks before deleting and returns to the list', async () => {
    await playStory(Delete);
  });

  it('says when the tenant does not exist', async () => {
    await playStory(NotFound);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});

import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './dashboard-screen.stories';

const { TenantAdmin, ChartAsTable, SuperAdmin, DateRange, EmptyPeriod, EmptyPeriodSuperAdmin, LoadError, English, French, Arabic, Uzbek, ArabicSuperAdmin, UzbekSuperAdmin } = composeStories(stories);

describe('DashboardScreen', () => {
  it("gives a tenant administrator their cards, 'Top Users' (Users, Meetings, Hours: no Tenants column), the platforms and each chart's table", async () => {
    await playStory(TenantAdmin);
  });

  it("gives the super administrator the Tenants card and 'Top Tenants' from superTenantDashboard", async () => {
    await playStory(SuperAdmin);
  });

  it("asks again for another period and refuses an end before the start ('Cannot Choose a Pre-Date for End Date') or over a year", async () => {
    await playStory(DateRange);
  });

  it('shows zero cards and the empty text for a period without meetings', async () => {
    await playStory(EmptyPeriod);
    await playStory(EmptyPeriodSuperAdmin);
  });

  it("lets everyone read a chart as a table with its keyboard-operable 'View as table'", async () => {
    await playStory(ChartAsTable);
  });

  it('shows a failed load with a retry', async () => {
    await playStory(LoadError);
  });

  it.each([
    ['en', English],
    ['fr', French],
    ['ar', Arabic],
    ['uz', Uzbek],
    ['ar (super admin)', ArabicSuperAdmin],
    ['uz (super admin)', UzbekSuperAdmin],
  ])('renders in %s', async (_language, story) => {
    await playStory(story);
  });
});

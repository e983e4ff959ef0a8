import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Language } from '@portal/i18n';
import { languageLoader, setDate, withMeetingsProviders } from '../../testing';
import { fakeDashboardApiLoader, loadedDashboardApi } from '../../testing/fake-dashboard-api';
import { DashboardScreen } from './dashboard-screen';

// June 2030: the fake holds 50 meetings on its weekdays (125 hours, 200 participants, 12 users).
const today = new Date('2030-06-30T12:00:00Z');

const meta = {
  title: 'Meetings/DashboardScreen',
  component: DashboardScreen,
  decorators: [withMeetingsProviders],
  args: { today, timeZone: 'UTC', platform: false },
  parameters: { route: '/dashboard' },
  loaders: [fakeDashboardApiLoader()],
} satisfies Meta<typeof DashboardScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

/** The cards as label → figure, read from their description list. */
async function cardsOf(canvas: Canvas): Promise<Record<string, string>> {
  const terms = await canvas.findAllByRole('term');
  const values = canvas.getAllByRole('definition');
  return Object.fromEntries(terms.map((term: HTMLElement, index: number) => [term.textContent ?? '', values[index]?.textContent ?? '']));
}

/** A tenant administrator: the last 30 days of their tenant, 'Top Users', the platforms, the charts' tables. */
export const TenantAdmin: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(await cardsOf(canvas)).toEqual({ Meetings: '50', Hours: '125', Participants: '200', Users: '12' });
    const top = within(canvas.getByRole('table', { name: 'Top Users' }));
    // Each row is a user of the administrator's own tenant: no Tenants column.
    await expect(top.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Users', 'Meetings', 'Hours']);
    await expect(top.getByRole('row', { name: 'Alice Martin 14 11.5' })).toBeInTheDocument();
    await expect(canvas.queryByRole('table', { name: 'Top Tenants' })).toBeNull();
    const perDay = within(canvas.getByRole('table', { name: 'Meetings per day' }));
    await expect(perDay.getByRole('row', { name: 'June 3, 2030 4' })).toBeInTheDocument();
    await expect(within(canvas.getByRole('table', { name: 'Participant-hours per day' })).getByRole('row', { name: 'June 3, 2030 10' })).toBeInTheDocument();
    const platforms = within(canvas.getByRole('region', { name: 'Platforms' }));
    await expect(platforms.getByText('web')).toBeInTheDocument();
    await expect(within(canvas.getByRole('region', { name: 'Operating systems' })).getByText('Unknown')).toBeInTheDocument();
    await expect(loadedDashboardApi(loaded).requestsOf('dashboardInfo')).toEqual([{ startDate: '2030-06-01', endDate: '2030-06-30', timeZone: 'UTC' }]);
  },
};

/** The platform super administrator: every tenant, with the Tenants card and 'Top Tenants'. */
export const SuperAdmin: Story = {
  args: { platform: true },
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(await cardsOf(canvas)).toEqual({ Meetings: '50', Hours: '125', Participants: '200', Tenants: '3', Users: '12' });
    const top = within(canvas.getByRole('table', { name: 'Top Tenants' }));
    await expect(top.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Tenants', 'Meetings', 'Users']);
    await expect(top.getByRole('row', { name: 'Acme Corporation 25 8' })).toBeInTheDocument();
    await expect(top.getByRole('row', { name: 'Globex Corporation 25 4' })).toBeInTheDocument();
    await expect(canvas.queryByRole('table', { name: 'Top Users' })).toBeNull();
    const api = loadedDashboardApi(loaded);
    await expect(api.requestsOf('superTenantDashboard')).toHaveLength(1);
    await expect(api.requestsOf('dashboardInfo')).toHaveLength(0);
  },
};

/** Another period asks again; an end before the start or a period over a year is refused before asking. */
export const DateRange: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await cardsOf(canvas);
    const api = loadedDashboardApi(loaded);
    await setDate(canvas, 'Start Date', '2030-06-24');
    await waitFor(async () => expect(await cardsOf(canvas)).toMatchObject({ Meetings: '11' }));
    await expect(api.requestsOf('dashboardInfo').at(-1)).toEqual({ startDate: '2030-06-24', endDate: '2030-06-30', timeZone: 'UTC' });
    const calls = api.requestsOf('dashboardInfo').length;
    await setDate(canvas, 'End Date', '2030-06-01');
    await expect(await canvas.findByText('Cannot Choose a Pre-Date for End Date')).toBeInTheDocument();
    await expect(canvas.queryByRole('term')).toBeNull();
    await setDate(canvas, 'Start Date', '2029-01-01');
    await setDate(canvas, 'End Date', '2030-06-30');
    await expect(await canvas.findByText('Choose a period of at most one year.')).toBeInTheDocument();
    await waitFor(() => expect(api.requestsOf('dashboardInfo')).toHaveLength(calls));
  },
};

/** No meetings in the period: zero cards and the empty text instead of charts and tables. */
export const EmptyPeriod: Story = {
  loaders: [fakeDashboardApiLoader({ empty: true })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('There are no meetings in this period!')).toBeInTheDocument();
    await expect(await cardsOf(canvas)).toEqual({ Meetings: '0', Hours: '0', Participants: '0', Users: '0' });
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** The super administrator's empty period still shows the Tenants card. */
export const EmptyPeriodSuperAdmin: Story = {
  args: { platform: true },
  loaders: [fakeDashboardApiLoader({ empty: true })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('There are no meetings in this period!')).toBeInTheDocument();
    await expect(await cardsOf(canvas)).toMatchObject({ Tenants: '0' });
  },
};

/** A failed load, with a retry. */
export const LoadError: Story = {
  loaders: [fakeDashboardApiLoader({ failing: ['dashboardInfo'] })],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed, Try Again..!!')).toBeInTheDocument();
    const api = loadedDashboardApi(loaded);
    const calls = api.requestsOf('dashboardInfo').length;
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.requestsOf('dashboardInfo').length).toBeGreaterThan(calls));
  },
};

/**
 * Everyone may read a chart as its table: 'View as table' on each chart, pressed by keyboard,
 * shows the figures in place of the drawing; pressed again, the drawing comes back.
 */
export const ChartAsTable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const panel = (name: string) => canvas.getByRole('region', { name });
    await canvas.findByRole('table', { name: 'Meetings per day' });
    const toggles = canvas.getAllByRole('button', { name: 'View as table' });
    await expect(toggles).toHaveLength(2);
    for (const toggle of toggles) await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(panel('Meetings per day')).toHaveAttribute('data-view', 'chart');
    const [first] = toggles;
    first!.focus();
    await userEvent.keyboard('{Enter}');
    await expect(first).toHaveAttribute('aria-pressed', 'true');
    await expect(panel('Meetings per day')).toHaveAttribute('data-view', 'table');
    await expect(panel('Participant-hours per day')).toHaveAttribute('data-view', 'chart');
    const table = within(panel('Meetings per day')).getByRole('table', { name: 'Meetings per day' });
    await expect(table).toBeVisible();
    await expect(table.getBoundingClientRect().width === 0 || table.getBoundingClientRect().width > 100).toBe(true);
    await expect(within(table).getByRole('row', { name: 'June 3, 2030 4' })).toBeVisible();
    await userEvent.keyboard(' ');
    await expect(first).toHaveAttribute('aria-pressed', 'false');
    await expect(panel('Meetings per day')).toHaveAttribute('data-view', 'chart');
  },
};

type Texts = { title: string; meetings: string; top: string; viewAsTable: string };

function translated(language: Language, texts: Texts, platform = false): Story {
  const digits = new Intl.NumberFormat(language);
  return {
    args: { platform },
    parameters: { language },
    loaders: [fakeDashboardApiLoader(), languageLoader(language)],
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByRole('heading', { name: texts.title, level: 2 })).toBeInTheDocument();
      await expect((await cardsOf(canvas))[texts.meetings]).toBe(digits.format(50));
      await expect(canvas.getByRole('table', { name: texts.top })).toBeInTheDocument();
      await expect(canvas.getAllByRole('button', { name: texts.viewAsTable })).toHaveLength(2);
      await expect(canvas.getByRole('heading', { name: texts.title, level: 2 }).closest('[dir]')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    },
  };
}

export const English = translated('en', { title: 'Dashboard', meetings: 'Meetings', top: 'Top Users', viewAsTable: 'View as table' });
export const French = translated('fr', { title: 'Tableau de bord', meetings: 'Réunions', top: 'Utilisateurs les plus actifs', viewAsTable: 'Afficher en tableau' });
export const Arabic = translated('ar', { title: 'لوحة التحكم', meetings: 'الاجتماعات', top: 'أبرز المستخدمين', viewAsTable: 'عرض كجدول' });
export const Uzbek = translated('uz', { title: 'Boshqaruv paneli', meetings: 'Uchrashuvlar', top: 'Eng faol foydalanuvchilar', viewAsTable: 'Jadval koʻrinishida' });
export const ArabicSuperAdmin = translated('ar', { title: 'لوحة التحكم', meetings: 'الاجتماعات', top: 'أبرز المستأجرين', viewAsTable: 'عرض كجدول' }, true);
export const UzbekSuperAdmin = translated('uz', { title: 'Boshqaruv paneli', meetings: 'Uchrashuvlar', top: 'Eng faol tenantlar', viewAsTable: 'Jadval koʻrinishida' }, true);

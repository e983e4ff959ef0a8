import { Alert, Button, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo } from 'react';
import { problemText } from '@portal/forms';
import { useDashboardInfo, type Dashboard, type DashboardFilter } from '../../api/dashboards/dashboard-info';
import { useSuperTenantDashboard } from '../../api/dashboards/super-tenant-dashboard';
import { DashboardCharts, DashboardPlatforms } from './dashboard-charts';
import { useDashboardFormat } from './dashboard-format';
import { DateRangeFilter, useDateRange } from '../date-range-filter';

const DAY = 86_400_000;
/** The server's limit: a year, leap day included. */
const MAX_DAYS = 366;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY) + 1;
const zonePattern = /^[A-Za-z0-9_+-]+(\/[A-Za-z0-9_+-]+)*$/;

/** The reader's own time zone, when the browser names one the server accepts. */
function readerTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && zonePattern.test(zone) ? zone : undefined;
}

export type DashboardScreenProps = {
  /** The platform super administrator's dashboard across tenants (superTenantDashboard), else the caller's tenant's (dashboardInfo). */
  platform: boolean;
  /** Today, for the default period (the last 30 days). */
  today?: Date;
  /** The days counted are this zone's (default: the reader's). */
  timeZone?: string;
};

/**
 * Dashboard (spec): Start Date and End Date filters; cards Meetings, Hours, Participants, Tenants
 * (super admin), Users; 'Top Tenants' for the super administrator and 'Top Users' for an
 * administrator (Top Tenants: Tenants, Meetings, Users; Top Users: Users, Meetings, Hours); the platforms breakdown; meetings and
 * participant-hours per day.
 */
export function DashboardScreen({ platform, today = new Date(), timeZone = readerTimeZone() }: DashboardScreenProps) {
  const { t, i18n } = useLingui();
  const range = useDateRange({ days: 29, today });
  const { from, to } = range;
  const rangeError = range.error ?? (from && to && daysBetween(from, to) > MAX_DAYS ? t`Choose a period of at most one year.` : null);
  const filter = useMemo<DashboardFilter>(() => ({ startDate: from ?? '', endDate: to ?? '', ...(timeZone ? { timeZone } : {}) }), [from, to, timeZone]);
  const ready = Boolean(from && to && !rangeError);
  const tenantQuery = useDashboardInfo(filter, ready && !platform);
  const platformQuery = useSuperTenantDashboard(filter, ready && platform);
  const query = platform ? platformQuery : tenantQuery;

  return (
    <Stack gap="md">
      <Title order={2}>
        <Trans>Dashboard</Trans>
      </Title>
      <DateRangeFilter range={range} error={rangeError} />
      {rangeError ? null : query.isError ? (
        <Alert color="red" title={problemText(query.error, i18n)}>
          <Button variant="light" color="red" onClick={() => void query.refetch()}>
            <Trans>Retry</Trans>
          </Button>
        </Alert>
      ) : query.data ? (
        // The previous period's figures stay, dimmed, until the new ones arrive.
        <div aria-busy={query.isPlaceholderData} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          <DashboardBody dashboard={query.data} platform={platform} />
        </div>
      ) : (
        <DashboardLoading platform={platform} />
      )}
    </Stack>
  );
}

function DashboardLoading({ platform }: { platform: boolean }) {
  const { t } = useLingui();
  return (
    <Stack gap="md" aria-busy="true" aria-label={t`Loading`}>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: platform ? 5 : 4 }} spacing="md">
        {Array.from({ length: platform ? 5 : 4 }, (_, index) => (
          <Skeleton key={index} h={84} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={280} radius="md" />
    </Stack>
  );
}

function DashboardBody({ dashboard, platform }: { dashboard: Dashboard; platform: boolean }) {
  const { t } = useLingui();
  const format = useDashboardFormat();
  const { cards } = dashboard;
  const tiles = [
    { label: t`Meetings`, value: format.count(cards.meetings) },
    { label: t`Hours`, value: format.hours(cards.hours) },
    { label: t`Participants`, value: format.count(cards.participants) },
    ...(platform ? [{ label: t`Tenants`, value: format.count(cards.tenants ?? 0) }] : []),
    { label: t`Users`, value: format.count(cards.users) },
  ];
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: tiles.length }} spacing="md" component="dl" m={0}>
        {tiles.map((tile) => (
          <Paper key={tile.label} withBorder p="md" radius="md">
            <Text component="dt" size="sm" c="dimmed">
              {tile.label}
            </Text>
            <Text component="dd" m={0} fw={700} fz="xl">
              {tile.value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {cards.meetings === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          <Trans>There are no meetings in this period!</Trans>
        </Text>
      ) : (
        <>
          <DashboardCharts days={dashboard.days} />
          <TopTable dashboard={dashboard} platform={platform} />
          <DashboardPlatforms platforms={dashboard.platforms} operatingSystems={dashboard.operatingSystems} />
        </>
      )}
    </Stack>
  );
}

/**
 * 'Top Tenants' (super administrator) with the spec's columns Tenants, Meetings, Users; 'Top Users'
 * (administrator) names a user of the administrator's own tenant per row: Users, Meetings, Hours.
 */
function TopTable({ dashboard, platform }: { dashboard: Dashboard; platform: boolean }) {
  const { t } = useLingui();
  const format = useDashboardFormat();
  const titleId = useId();
  const title = platform ? t`Top Tenants` : t`Top Users`;
  const headers = platform ? [t`Tenants`, t`Meetings`, t`Users`] : [t`Users`, t`Meetings`, t`Hours`];
  const rows = platform
    ? dashboard.topTenants.map((row) => ({ key: row.tenantId, cells: [row.name, format.count(row.meetings), format.count(row.users)] }))
    : dashboard.topUsers.map((row) => ({ key: row.userId, cells: [row.name || row.email, format.count(row.meetings), format.hours(row.hours)] }));
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h4" id={titleId}>
          {title}
        </Title>
        {rows.length === 0 ? (
          <Text c="dimmed">{platform ? t`No tenant held a meeting in this period.` : t`No signed-in user joined a meeting in this period.`}</Text>
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <Table striped aria-labelledby={titleId}>
              <Table.Thead>
                <Table.Tr>
                  {headers.map((header) => (
                    <Table.Th key={header} scope="col">
                      {header}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.key}>
                    {row.cells.map((cell, index) => (
                      <Table.Td key={headers[index]}>{cell}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

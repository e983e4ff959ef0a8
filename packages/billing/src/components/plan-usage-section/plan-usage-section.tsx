import { Alert, Button, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId } from 'react';
import { problemText } from '@portal/forms';
import { usePlanUsage } from '../../api/usage/get-plan-usage';

/** From this share of a limit on, the meter warns. */
export const nearLimitShare = 0.8;

type Level = 'unlimited' | 'within' | 'near' | 'reached';

export function usageLevel(used: number, limit: number | null): Level {
  if (limit === null) return 'unlimited';
  if (used >= limit) return 'reached';
  return used >= limit * nearLimitShare ? 'near' : 'within';
}

const levelColor: Record<Level, string> = { unlimited: 'gray', within: 'blue', near: 'orange', reached: 'red' };

function Meter({ label, used, limit, format }: { label: string; used: number; limit: number | null; format: (value: number) => string }) {
  const { t } = useLingui();
  const level = usageLevel(used, limit);
  const percent = limit === null || limit === 0 ? 100 : Math.min(100, (used / limit) * 100);
  const [shownUsed, shownLimit] = [format(used), limit === null ? '' : format(limit)];
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {limit === null ? t`${shownUsed} (unlimited)` : t`${shownUsed} of ${shownLimit}`}
        </Text>
      </Group>
      {limit === null ? null : (
        // Its own aria values: Mantine's would read the share ("90%") rather than what is used of what.
        <Progress.Root>
          <Progress.Section
            value={percent}
            color={levelColor[level]}
            withAria={false}
            role="progressbar"
            aria-label={label}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(percent)}
            aria-valuetext={t`${shownUsed} of ${shownLimit}`}
          />
        </Progress.Root>
      )}
      {level === 'near' ? (
        <Text size="xs" c="orange.8" role="status">
          <IconAlertTriangle size={12} aria-hidden="true" /> <Trans>80 % or more of the plan's limit is used.</Trans>
        </Text>
      ) : null}
      {level === 'reached' ? (
        <Text size="xs" c="red.8" role="status">
          <IconAlertTriangle size={12} aria-hidden="true" /> <Trans>The plan's limit is reached.</Trans>
        </Text>
      ) : null}
    </Stack>
  );
}

/** What the plan allows each meeting (meetings/plan-limits.ts on the server enforces it). */
function PerMeetingLimits({ participants, minutes }: { participants: number | null; minutes: number | null }) {
  const { t, i18n } = useLingui();
  const [people, length] = [participants === null ? '' : i18n.number(participants), minutes === null ? '' : i18n.number(minutes)];
  return (
    <Text size="sm" c="dimmed">
      {participants === null ? t`Participants per meeting: unlimited.` : t`Up to ${people} participants per meeting.`}{' '}
      {minutes === null ? t`Meeting length: unlimited.` : t`Meetings of up to ${length} minutes.`}
    </Text>
  );
}

/** Current plans: what the tenant uses against its plan's limits, with a warning from 80 %. */
export function PlanUsageSection() {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const usage = usePlanUsage();
  const count = (value: number) => i18n.number(value);
  const gigabytes = (bytes: number) => i18n.number(bytes / 1024 ** 3, { style: 'unit', unit: 'gigabyte', maximumFractionDigits: 1 });
  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={headingId}>
          <Trans>Usage</Trans>
        </Title>
        {usage.isPending ? <Skeleton h={72} /> : null}
        {usage.isError ? (
          <Alert color="red" title={t`The usage could not be loaded.`}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{problemText(usage.error, i18n)}</Text>
              <Button size="xs" variant="light" onClick={() => void usage.refetch()}>
                <Trans>Retry</Trans>
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {usage.data ? (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
              <Meter label={t`Seats`} used={usage.data.seats.used} limit={usage.data.seats.limit} format={count} />
              <Meter label={t`Recording storage`} used={usage.data.storageBytes.used} limit={usage.data.storageBytes.limit} format={gigabytes} />
              <Meter label={t`Meetings at once`} used={usage.data.concurrentMeetings.used} limit={usage.data.concurrentMeetings.limit} format={count} />
            </SimpleGrid>
            <PerMeetingLimits participants={usage.data.participantsPerMeeting} minutes={usage.data.meetingDurationMinutes} />
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

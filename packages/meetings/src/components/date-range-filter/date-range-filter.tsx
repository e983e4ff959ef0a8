import { Group } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState, type ReactNode } from 'react';
import { hasProblemCode } from '@portal/api-client';
import { problemText } from '@portal/forms';
import { validationMessages } from '@portal/i18n';
import { isoDate, localDay } from '../../utils/calendar-day';

const DAY = 86_400_000;

export type DateRangeOptions = {
  /** The default period: this many days before `today` up to `today`; none for an open period. */
  days?: number;
  today?: Date;
  /** Called on every change (a paged list goes back to its first page: a cursor belongs to its period). */
  onChange?: () => void;
};

export type DateRange = {
  from: string | null;
  to: string | null;
  setFrom: (value: string | null) => void;
  setTo: (value: string | null) => void;
  /** 'Cannot Choose a Pre-Date for End Date' when the end is before the start. */
  error: string | null;
  /** The chosen days as query parameters (`from`, `to`), only those chosen. */
  query: { from?: string; to?: string };
  /** The same words when the server refused the period (validation_failed) in this query's error. */
  refusedBy: (result: PeriodQuery<unknown>) => string | null;
  /** A DataTable's data, loading, error and retry for the period's list: empty while the period is refused, the refusal shown under End Date rather than as the table's error. */
  tableOf: <T>(result: PeriodQuery<T>) => { data: T[] | undefined; loading: boolean; error: string | undefined; onRetry: () => void };
};

/** What the screens' list queries answer (TanStack Query's result). */
export type PeriodQuery<T> = { data?: { items: T[] } | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/** The Start Date and End Date of a screen's period (YYYY-MM-DD days of the viewer's calendar). */
export function useDateRange({ days, today, onChange }: DateRangeOptions = {}): DateRange {
  const { i18n } = useLingui();
  const [initial] = useState(() => {
    if (days === undefined) return { from: null, to: null };
    const end = today ?? new Date();
    return { from: localDay(new Date(end.getTime() - days * DAY)), to: localDay(end) };
  });
  const [from, setFromValue] = useState<string | null>(initial.from);
  const [to, setToValue] = useState<string | null>(initial.to);
  const endBeforeStart = i18n._(validationMessages.endBeforeStart);
  const query = useMemo(() => ({ ...(from ? { from } : {}), ...(to ? { to } : {}) }), [from, to]);
  const error = from && to && to < from ? endBeforeStart : null;
  const refusedBy = (result: PeriodQuery<unknown>) => (result.isError && hasProblemCode(result.error, ['validation_failed']) ? endBeforeStart : null);
  const changed = (set: (value: string | null) => void) => (value: string | null) => {
    set(value);
    onChange?.();
  };
  return {
    from,
    to,
    setFrom: changed(setFromValue),
    setTo: changed(setToValue),
    error,
    query,
    refusedBy,
    tableOf: (result) => ({
      data: error ? [] : result.data?.items,
      loading: !error && result.isPending,
      error: result.isError && !refusedBy(result) ? problemText(result.error, i18n) : undefined,
      onRetry: () => void result.refetch(),
    }),
  };
}

export type DateRangeFilterProps = {
  range: Pick<DateRange, 'from' | 'to' | 'setFrom' | 'setTo'>;
  /** Shown under End Date (the range's own error, or the server's refusal). */
  error?: string | null;
  /** Whether a day can be cleared (an open period). */
  clearable?: boolean;
  /** More filters beside the dates. */
  children?: ReactNode;
  align?: 'flex-start' | 'flex-end';
};

/** Start Date and End Date inputs (typed as YYYY-MM-DD or picked), left to right in every language. */
export function DateRangeFilter({ range, error, clearable = false, children, align = 'flex-start' }: DateRangeFilterProps) {
  const { t } = useLingui();
  return (
    <Group gap="md" align={align} wrap="wrap">
      <DateInput label={t`Start Date`} value={range.from} onChange={range.setFrom} valueFormat="YYYY-MM-DD" dateParser={isoDate} clearable={clearable} dir="ltr" w={180} />
      <DateInput label={t`End Date`} value={range.to} onChange={range.setTo} valueFormat="YYYY-MM-DD" dateParser={isoDate} clearable={clearable} error={error} dir="ltr" w={180} />
      {children}
    </Group>
  );
}

import type { AuditFilter } from '../../api/audit-log/get-audit-log';

/**
 * Filter values as the screen holds them: dates are `YYYY-MM-DD` from the date inputs, or '';
 * the tenant (the platform super administrator's choice) null for the caller's own.
 */
export type AuditFilterValues = { entity: AuditFilter['entity'] | null; action: AuditFilter['action'] | null; startDate: string; endDate: string; tenantId?: string | null };

/** The end date lies before the start date (spec: 'Cannot Choose a Pre-Date for End Date'). */
export const endsBeforeStart = (values: AuditFilterValues) => Boolean(values.startDate && values.endDate && values.endDate < values.startDate);

/** A calendar day of the user's time zone as the instant it starts. */
function startOfDay(day: string): Date {
  const [year = NaN, month = NaN, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

/**
 * The API filter: the start date from its first instant, the end date through its last (the
 * server's `to` is exclusive, so the next day's start), and the actor search text.
 */
export function toAuditFilter(values: AuditFilterValues, actor: string | undefined): AuditFilter {
  const filter: AuditFilter = {};
  if (values.tenantId) filter.tenantId = values.tenantId;
  if (values.entity) filter.entity = values.entity;
  if (values.action) filter.action = values.action;
  if (actor) filter.actor = actor;
  if (values.startDate) filter.from = startOfDay(values.startDate).toISOString();
  if (values.endDate) {
    const end = startOfDay(values.endDate);
    end.setDate(end.getDate() + 1);
    filter.to = end.toISOString();
  }
  return filter;
}

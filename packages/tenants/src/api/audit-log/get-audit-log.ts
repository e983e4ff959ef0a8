import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, createQueryKeys, ok, type operations, type Schema } from '@portal/api-client';

export type GetAuditLogParams = NonNullable<operations['getAuditLog']['parameters']['query']>;
export type AuditFilter = Omit<GetAuditLogParams, 'cursor' | 'limit'>;
export type AuditAction = NonNullable<GetAuditLogParams['action']>;
export type AuditEntity = Schema<'AuditEntity'>;
export type AuditEntry = Schema<'AuditEntry'>;

export const auditLogKeys = createQueryKeys('audit-log');

export function getAuditLog(params: GetAuditLogParams, signal?: AbortSignal) {
  return ok(api().GET('/audit-log', { params: { query: params }, signal }));
}

export function getAuditLogQueryOptions(params: GetAuditLogParams) {
  return queryOptions({ queryKey: auditLogKeys.list(params), queryFn: ({ signal }) => getAuditLog(params, signal) });
}

/** One page of the tenant's audit log, newest first; the previous page stays while the next loads. */
export function useAuditLog(params: GetAuditLogParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getAuditLogQueryOptions(params), placeholderData: keepPreviousData, enabled: options.enabled });
}

// HTTP side of the audit log: the page of entries and the CSV export, both for the caller's tenant,
// or for the platform super administrator any tenant named by `tenantId` (its changes to a tenant
// are recorded in that tenant's log).
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { OperationHandlers, OperationRequest } from '../kernel/http/handler.ts';
import { tenantActedOn } from '../kernel/tenancy/platform-admin.ts';
import { csvLine } from '../kernel/csv.ts';
import { checkRange, exportAuditRows, exportColumns, listAuditPage } from './log.ts';

async function getAuditLog(request: OperationRequest<'getAuditLog'>) {
  const { tenantId, ...query } = request.query;
  const tenant = await tenantActedOn(request, tenantId);
  return listAuditPage(tenant.db, tenant.row.id, query);
}

async function exportAuditLog(request: OperationRequest<'exportAuditLog'>, reply: FastifyReply) {
  const { tenantId, ...filter } = request.query;
  // Checked before streaming starts: afterwards the status line is already sent.
  checkRange(filter);
  const tenant = await tenantActedOn(request, tenantId);
  const rows = exportAuditRows(tenant.db, tenant.row.id, filter);
  async function* lines() {
    // The BOM makes spreadsheet programs read the file as UTF-8.
    yield `\uFEFF${csvLine(exportColumns)}`;
    for await (const row of rows) yield csvLine(row);
  }
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="audit-log.csv"')
    .header('cache-control', 'no-store');
  return Readable.from(lines());
}

export const auditHandlers = { getAuditLog, exportAuditLog } satisfies OperationHandlers;

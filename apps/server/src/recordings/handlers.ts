// HTTP side of recordings: who sees which tenants' recordings, then the list.
import type { OperationHandlers, OperationRequest } from '../kernel/http/handler.ts';
import { liveScopeOf } from '../live/index.ts';
import { isPlatformAdmin } from '../kernel/tenancy/platform-admin.ts';
import { listCloudRecordings } from './lists.ts';

async function getRecordings(request: OperationRequest<'getRecordings'>) {
  return listCloudRecordings(liveScopeOf(request.ctx, request.server.database, isPlatformAdmin(request)), request.query);
}

export const recordingsHandlers = { getRecordings } satisfies OperationHandlers;

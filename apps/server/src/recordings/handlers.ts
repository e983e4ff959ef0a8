// HTTP side of recordings: who sees which tenants' recordings, then the list.
import type { OperationHandlers } from '../kernel/http/handler.ts';
import { liveScopeOf } from '../live/index.ts';
import { isPlatformAdmin } from '../kernel/tenancy/platform-admin.ts';
import { listCloudRecordings } from './lists.ts';

export const recordingsHandlers: OperationHandlers = {
  async getRecordings(request) {
    return listCloudRecordings(liveScopeOf(request.ctx, request.server.database, isPlatformAdmin(request)), request.query);
  },
};

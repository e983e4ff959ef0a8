// HTTP side of a tenant's billing records (subscriptions and payment transactions): the tenant
// detail lists them for the caller's own tenant, or for the platform super administrator any tenant.
import type { OperationHandlers } from '../http/handler.ts';
import { tenantActedOn } from '../tenancy/platform-admin.ts';
import { listTenantSubscriptions, listTenantTransactions } from './queries.ts';

export const billingHandlers: OperationHandlers = {
  async getTenantTransactions(request) {
    const tenant = await tenantActedOn(request, request.params.tenantId);
    return tenant.db((tx) => listTenantTransactions(tx, tenant.row.id, request.query));
  },

  async getTenantSubscriptions(request) {
    const tenant = await tenantActedOn(request, request.params.tenantId);
    return tenant.db((tx) => listTenantSubscriptions(tx, tenant.row.id, request.query));
  },
};

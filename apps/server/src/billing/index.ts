import type { OperationHandlers } from '../kernel/http/handler.ts';
import { catalogueHandlers } from './catalogue/index.ts';
import { billingHandlers as tenantBillingHandlers } from './handlers.ts';

export const billingHandlers = { ...tenantBillingHandlers, ...catalogueHandlers } satisfies OperationHandlers;
export { seedDemoCatalogue } from './catalogue/demo-catalogue.ts';
export { seedDemoBilling } from './demo-billing.ts';
export { registerBillingJobs } from './jobs.ts';
export { tenantEffectiveLimits, tenantPlanLimits, type EffectiveLimits, type TenantLimits } from './limits.ts';
export { bytesPerGb, recordingStorageLeft, storedRecordingBytes } from './usage.ts';

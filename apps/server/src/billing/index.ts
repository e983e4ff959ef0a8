import type { OperationHandlers } from '../kernel/http/handler.ts';
import { catalogueHandlers } from './catalogue/index.ts';
import { billingHandlers as tenantBillingHandlers } from './handlers.ts';

export const billingHandlers: OperationHandlers = { ...tenantBillingHandlers, ...catalogueHandlers };

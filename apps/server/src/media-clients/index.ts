export { mediaClientsHandlers } from './handlers.ts';
export { findMediaClient, tenantMediaClients, updateMediaClientRow, type MediaClientRow, type MediaClientValues } from './queries.ts';
export { AUDIT_ENTITY, auditView, checkVersionRange } from './service.ts';

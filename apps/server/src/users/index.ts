export { usersHandlers } from './handlers.ts';
export { registerOwnedData } from './ownership.ts';
export type { OwnedData } from './ownership.ts';
export { deleteSessionsOf, findUser, tenantRoles } from './queries.ts';
export { normaliseEmail } from './validation.ts';
export { registerUserJobs } from './import-job.ts';

export { LoadFailed, MissingRoutePage, RequireAuth } from './require-auth';
export type { RequireAuthProps } from './require-auth';

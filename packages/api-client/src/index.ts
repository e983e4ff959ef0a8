export { ApiError, isApiError } from './api-error.ts';
export type { FieldError, Problem, RowError } from './api-error.ts';
export { hasProblemCode, problemCode, problemFieldCodes, topLevelFieldOf } from './problem.ts';
export { createApiClient, ok, readCookie, setResponseCheck, CSRF_COOKIE, CSRF_HEADER } from './client.ts';
export type { ApiClient, ApiClientOptions, CheckedResponse } from './client.ts';
export { api, configureApi } from './api.ts';
export { createQueryKeys } from './query-keys.ts';
export type { components, operations, paths, OperationId, OperationRoute } from '@portal/contract';
export { operationRoutes } from '@portal/contract';

import type { components } from '@portal/contract';

/** Shorthand for the contract's schemas: `Schema<'User'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

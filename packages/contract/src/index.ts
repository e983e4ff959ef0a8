// The one copy of the generated contract types: the portal (through @portal/api-client) and the
// server both import them from here, so they cannot drift from each other.
export type { components, operations, paths } from './generated/schema.gen.ts';
// Each operation's method and path template by operationId (generated from the same contract), for
// code that finds the operation a request calls, such as the front end's API fakes.
export { operationRoutes } from './generated/operation-routes.gen.ts';
export type { OperationId, OperationRoute } from './generated/operation-routes.gen.ts';

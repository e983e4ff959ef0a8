// The one copy of the generated contract types: the portal (through @portal/api-client) and the
// server both import them from here, so they cannot drift from each other.
export type { components, operations, paths } from './generated/schema.gen.ts';

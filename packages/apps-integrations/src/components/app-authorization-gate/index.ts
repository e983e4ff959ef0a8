export { AppAuthorizationGate } from './app-authorization-gate';
export type { AppAuthorizationGateProps, AuthorizingApp } from './app-authorization-gate';

export { type PlatformClientRules } from './clients.ts';

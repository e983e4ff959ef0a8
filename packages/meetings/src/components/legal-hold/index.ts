export { LegalHoldAction } from './legal-hold-action';
export type { LegalHoldActionProps } from './legal-hold-action';

export { TwoFactorPanel } from './two-factor-panel';

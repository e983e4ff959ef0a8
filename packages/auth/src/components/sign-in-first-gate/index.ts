export { SignInFirstGate, type SignInFirstGateProps } from './sign-in-first-gate';

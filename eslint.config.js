export { default } from '@portal/tooling/eslint';

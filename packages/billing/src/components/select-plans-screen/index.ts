export { SelectPlansScreen } from './select-plans-screen';

export { PlanFormScreen } from './plan-form-screen';

export { PlanChangeScreen, type PlanChangeScreenProps } from './plan-change-screen';

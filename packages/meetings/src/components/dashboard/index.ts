export { DashboardPage } from './dashboard-page';
export { DashboardScreen } from './dashboard-screen';
export type { DashboardScreenProps } from './dashboard-screen';

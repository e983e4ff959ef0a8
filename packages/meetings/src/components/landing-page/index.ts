export { LandingPage } from './landing-page';
export type { LandingPageProps } from './landing-page';

export { LandingPage } from './components/landing-page';
export type { LandingPageProps } from './components/landing-page';
export { meetingsRoutes } from './routes';
export type { MeetingsRoutesOptions } from './routes';

export { meetingsRoutes } from './meetings-routes';
export type { MeetingsRoutesOptions } from './meetings-routes';

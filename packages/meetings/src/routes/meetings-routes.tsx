import type { RouteObject } from 'react-router';

export type MeetingsRoutesOptions = {
  /** The portal's release shown on the landing page; the app owns it, not this feature. */
  version: string;
  build: string;
};

/**
 * Routes of the meetings feature, relative to the portal's `/portal` base. Screens load lazily.
 * The landing page is public: it shows the quick actions once signed in.
 */
export function meetingsRoutes({ version, build }: MeetingsRoutesOptions): RouteObject[] {
  return [
    {
      path: 'landing-page',
      lazy: async () => {
        const { LandingPage } = await import('../components/landing-page');
        return { element: <LandingPage version={version} build={build} /> };
      },
    },
  ];
}

import { withStoryRouter } from '@portal/auth/testing';

/** A memory router around a catalogue story (see `withStoryRouter`); the route is `parameters.route`. */
export const withCatalogueRouter = withStoryRouter('/');

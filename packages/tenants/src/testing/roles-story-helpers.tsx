import { withStoryRouter } from '@portal/auth/testing';

/** A memory router around a roles story (see `withStoryRouter`), at '/Roles' unless `parameters.route` says otherwise. */
export const withRolesRouter = withStoryRouter('/Roles');

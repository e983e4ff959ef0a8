import { fakeCurrentUser, fakePermissionTree, fakeTenantInfo, json, problem } from '../../testing';
import type { FakeRoutes } from '../../testing';

// The two-factor step's fake API, shared by its stories and tests (a stories file exports only stories).
const person = { firstname: 'Ada', lastname: 'Lovelace', profile_picture: null, email: 'ada@acme.test' };
export const TMPID = 'tmpid-two-factor-0123456789';

/** The password is right and the account has two-factor on; the code `123456` and recovery code `abcde-fghjk` pass, once. */
export function twoFactorRoutes(overrides: FakeRoutes = {}): FakeRoutes {
  const used = new Set<string>();
  return {
    getTenantInfo: json(fakeTenantInfo()),
    loginUser: json({ ...person, change_password: false, two_factor: true, tmpid: TMPID, csrfToken: null }),
    login2FA: async (request) => {
      const body = (await request.json()) as { tmpid: string; code?: string; recoveryCode?: string };
      const given = body.code ?? body.recoveryCode ?? '';
      if (body.tmpid !== TMPID) return problem(400, 'token_invalid');
      if (!['123456', 'abcde-fghjk'].includes(given) || used.has(given)) return problem(400, 'code_invalid');
      used.add(given);
      return json({ ...person, change_password: false, two_factor: false, tmpid: null, csrfToken: 'csrf' });
    },
    getCurrentUser: json(fakeCurrentUser()),
    getUserPermissions: json(fakePermissionTree()),
    ...overrides,
  };
}

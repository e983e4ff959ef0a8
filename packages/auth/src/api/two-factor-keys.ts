import { authKeys } from './auth-keys';

/** The caller's two-factor status; kept under the auth scope so logout forgets it with the rest. */
export const twoFactorKeys = {
  status: () => [...authKeys.all, 'two-factor'] as const,
};

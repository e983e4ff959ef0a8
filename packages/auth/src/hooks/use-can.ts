import type { Schema } from '@portal/api-client';
import { useCurrentUser } from '../api/use-current-user';

/**
 * Whether the signed-in user holds a permission of spec section 6 (`user.invite`,
 * `tenant.smtp.put` ...), typed by the contract's list so a misspelt one does not compile.
 * Hides or disables actions only: the server checks every call itself.
 */
export function useCan(permission: Schema<'Permission'>): boolean {
  const { data: user } = useCurrentUser();
  return user?.permissions.includes(permission) ?? false;
}

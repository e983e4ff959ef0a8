import { useCurrentUser } from '../api/use-current-user';

/**
 * Whether the signed-in user holds a permission string of spec section 6 (`user.invite`,
 * `tenant.smtp.put` ...). Hides or disables actions only: the server checks every call itself.
 */
export function useCan(permission: string): boolean {
  const { data: user } = useCurrentUser();
  return user?.permissions.includes(permission) ?? false;
}

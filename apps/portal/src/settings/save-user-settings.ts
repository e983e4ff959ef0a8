import { api, ok } from '@portal/api-client';
import type { Schema } from '@portal/api-client';

export type UserLayoutSettings = Schema<'LayoutSettings'>;

/** updateUserSettings: the signed-in user's layout, colour scheme and shortcuts. */
export function saveUserSettings(settings: UserLayoutSettings): Promise<UserLayoutSettings> {
  return ok(api().PUT('/me/settings', { body: settings }));
}

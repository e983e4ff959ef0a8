import { createQueryKeys } from '@portal/api-client';

/** Platform settings (global configuration, meeting and recording settings), one detail per section. */
export const settingsKeys = createQueryKeys('settings');

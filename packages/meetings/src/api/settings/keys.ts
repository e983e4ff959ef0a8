import { createQueryKeys } from '@portal/api-client';

/** The platform settings sections this feature owns (meeting modes, recording), one detail per section. */
export const settingsKeys = createQueryKeys('settings');

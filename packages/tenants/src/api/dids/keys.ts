import { createQueryKeys } from '@portal/api-client';

/** Phone numbers (DIDs); every list hangs under `['dids']`. */
export const didKeys = createQueryKeys('dids');

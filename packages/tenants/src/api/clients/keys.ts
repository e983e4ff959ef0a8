import { createQueryKeys } from '@portal/api-client';

/** Media clients (spec 'Clients'); every list hangs under `['clients']`. */
export const clientKeys = createQueryKeys('clients');

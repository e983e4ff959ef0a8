import { createQueryKeys } from '@portal/api-client';

/** Developer (OAuth) clients, spec 'Develops'; every list hangs under `['dev-clients']`. */
export const devClientKeys = createQueryKeys('dev-clients');

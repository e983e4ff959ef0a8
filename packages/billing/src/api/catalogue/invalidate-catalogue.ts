import type { QueryClient } from '@tanstack/react-query';
import { catalogueKeys } from './keys';

/** Every product and plan query (lists and details). */
export const invalidateCatalogue = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: catalogueKeys.all });

import { useQuery } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { catalogueKeys } from './keys';

export function getCurrencies(signal?: AbortSignal) {
  return ok(api().GET('/currencies', { signal }));
}

/** The currencies prices may be set in; they change with a release only. */
export function useCurrencies() {
  return useQuery({ queryKey: catalogueKeys.constants('currencies'), queryFn: ({ signal }) => getCurrencies(signal), staleTime: Infinity });
}

import { useQuery } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { catalogueKeys } from './keys';

export function getBillingCycles(signal?: AbortSignal) {
  return ok(api().GET('/billing-cycles', { signal }));
}

/** The billing cycles prices are set for. */
export function useBillingCycles() {
  return useQuery({ queryKey: catalogueKeys.constants('billing-cycles'), queryFn: ({ signal }) => getBillingCycles(signal), staleTime: Infinity });
}

import { useQuery } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { authKeys } from '@portal/auth';

/** getQuickPanelData, fetched when the quick panel first opens. */
export function useQuickPanelData(enabled: boolean) {
  return useQuery({
    queryKey: authKeys.quickPanel(),
    queryFn: () => ok(api().GET('/quick-panel')),
    enabled,
  });
}

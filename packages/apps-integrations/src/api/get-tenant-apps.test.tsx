import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryKeys } from '@portal/api-client';
import { fakeTenantApp } from '../testing';
import { getTenantAppsQueryOptions, useTenantAppChanged } from './get-tenant-apps';

const tenantId = '00000000-0000-4000-8000-000000000001';

describe('useTenantAppChanged', () => {
  it("puts the app into the list and reads the tenant again under the tenants feature's own key", async () => {
    const client = new QueryClient();
    // The key the tenants feature gives its getTenant query.
    const tenantKey = createQueryKeys('tenants').detail(tenantId);
    client.setQueryData(tenantKey, { id: tenantId });
    client.setQueryData(getTenantAppsQueryOptions(tenantId).queryKey, { items: [fakeTenantApp('slack', { state: 'not_installed', settings: null })] });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useTenantAppChanged(tenantId), { wrapper });

    await result.current(fakeTenantApp('slack'));

    expect(client.getQueryState(tenantKey)?.isInvalidated).toBe(true);
    expect(client.getQueryData(getTenantAppsQueryOptions(tenantId).queryKey)?.items[0]?.state).toBe('installed');
  });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useTenantInfo } from '@portal/auth';
import { createTestQueryClient, fakeSystemTenant, fakeTenant, installFakeTenantsApi, type FakeTenantsApiOptions } from '../../testing';
import { useTenant } from './get-tenant';
import { useTenantBrand } from './get-tenant-brand';
import { useUpdateTenantBrand } from './update-tenant-brand';
import { useUploadBrandImage } from './upload-brand-image';
import { useUpdateTenantTheme } from './update-tenant-theme';

const acme = fakeTenant(1, { sname: 'acme', name: 'Acme', brandname: 'Acme Meet' });

/** The portal's branding and one tenant's detail and brand, loaded as the tenant detail screen has them. */
async function renderShown(options: FakeTenantsApiOptions) {
  const api = installFakeTenantsApi(options);
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { result } = renderHook(
    () => ({
      info: useTenantInfo(),
      tenant: useTenant(acme.id),
      brand: useTenantBrand(acme.id),
      updateBrand: useUpdateTenantBrand(acme.id),
      upload: useUploadBrandImage(acme.id),
      updateTheme: useUpdateTenantTheme(acme.id),
    }),
    { wrapper },
  );
  await waitFor(() => expect(result.current.info.isSuccess && result.current.tenant.isSuccess && result.current.brand.isSuccess).toBe(true));
  return { api, result };
}

describe('refreshing the shown branding', () => {
  it("reloads the portal's branding after a brand, image or theme change of the tenant it shows", async () => {
    const { api, result } = await renderShown({ tenants: [structuredClone(acme)], as: 'tenantadmin' });
    expect(result.current.info.data?.sname).toBe('acme');

    await act(() => result.current.updateBrand.mutateAsync({ brandname: 'Acme Video' }));
    await waitFor(() => expect(result.current.info.data?.brandname).toBe('Acme Video'));
    expect(result.current.tenant.data?.brandname).toBe('Acme Video');

    await act(() => result.current.upload.mutateAsync({ slot: 'favicon', image: new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'f.png', { type: 'image/png' }) }));
    await waitFor(() => expect(result.current.info.data?.logos.favicon).toMatch(/^data:image\/png;base64,/));

    await act(() => result.current.updateTheme.mutateAsync({ lite: { primary: '#1c7ed6' } }));
    await waitFor(() => expect(result.current.info.data?.theme.lite).toEqual({ primary: '#1c7ed6' }));
    expect(api.requestsOf('getTenantInfo')).toHaveLength(4);
  });

  it("leaves the portal's branding alone when another tenant changes", async () => {
    const { api, result } = await renderShown({ tenants: [structuredClone(fakeSystemTenant), structuredClone(acme)] });
    expect(result.current.info.data?.sname).toBe('system');

    await act(() => result.current.updateBrand.mutateAsync({ brandname: 'Acme Video' }));
    await act(() => result.current.updateTheme.mutateAsync({ lite: { primary: '#1c7ed6' } }));
    expect(result.current.brand.data?.brandname).toBe('Acme Video');
    expect(result.current.tenant.data?.brandname).toBe('Acme Video');
    expect(api.requestsOf('getTenantInfo')).toHaveLength(1);
    expect(result.current.info.data?.brandname).toBe('Platform');
  });
});

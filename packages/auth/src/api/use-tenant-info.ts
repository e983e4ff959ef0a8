import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import type { Schema } from '@portal/api-client';
import type { PortalBranding } from '@portal/ui-kit';
import { authKeys } from './auth-keys';

export type TenantInfo = Schema<'TenantInfo'>;

/** Branding of the tenant serving this host; it changes only with a deployment, so it never goes stale. */
export function tenantInfoQueryOptions() {
  return queryOptions({
    queryKey: authKeys.tenantInfo(),
    queryFn: () => ok(api().POST('/tenant-info', { body: {} })),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useTenantInfo() {
  return useQuery(tenantInfoQueryOptions());
}

function present(value: string | null | undefined): string | undefined {
  return value ?? undefined;
}

/** The ui-kit's branding shape from the contract's tenant info (whose absent values are null). */
export function brandingFromTenantInfo(info: TenantInfo): PortalBranding {
  return {
    sname: info.sname,
    brandname: info.brandname,
    brandUrl: present(info.brandUrl),
    logos: {
      logoDark: present(info.logos.logoDark),
      logoWhite: present(info.logos.logoWhite),
      favicon: present(info.logos.favicon),
    },
    text: {
      portal_login_heading: present(info.text.portal_login_heading),
      portal_login_body: present(info.text.portal_login_body),
      portal_register_heading: present(info.text.portal_register_heading),
      portal_regiser_body: present(info.text.portal_regiser_body),
    },
    signup: info.signup,
    backgroundImages: { portal: present(info.backgroundImages?.portal) },
    dial_in: present(info.dial_in),
    theme: info.theme,
  };
}

import { Center, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { BACKGROUND_IMAGE_CSS_VAR, BrandLogo } from '@portal/ui-kit';
import { brandingFromTenantInfo, useTenantInfo } from '../api/use-tenant-info';
import { MaintenanceNotice } from '../components/maintenance-notice';

export type AuthPageFrameProps = { children: ReactNode };

/**
 * The chrome-less card of the sign-in pages on the tenant's portal background. While the platform's
 * maintenance mode closes this tenant, every one of them says so first.
 */
export function AuthPageFrame({ children }: AuthPageFrameProps) {
  const { data: tenant } = useTenantInfo();
  return (
    <Center
      component="main"
      mih="100dvh"
      p="md"
      style={{
        backgroundImage: `var(${BACKGROUND_IMAGE_CSS_VAR}, none)`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      <Paper withBorder shadow="md" radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
        <Stack gap="lg">
          {tenant ? (
            <Center>
              <BrandLogo branding={brandingFromTenantInfo(tenant)} h={40} />
            </Center>
          ) : null}
          {tenant?.maintenance ? <MaintenanceNotice supportEmail={tenant.supportEmail} /> : null}
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

import { Center, Loader, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { isApiError } from '@portal/api-client';
import { brandingFromTenantInfo, useApplyTenantLanguage, useSessionStore, useTenantInfo } from '@portal/auth';
import { commonMessages, I18nRoot } from '@portal/i18n';
import { applyDocumentBranding, ColorSchemeSync, createPortalTheme, ErrorState, NotificationsHost, portalCssVariablesResolver, Splash } from '@portal/ui-kit';
import { useLayoutSettingsSync } from '../settings/use-layout-settings-sync';

// Shown while the first language catalog loads, before translated texts exist.
function CatalogLoading() {
  return (
    <Center h="100dvh" role="status" aria-busy="true">
      <Loader size="lg" />
    </Center>
  );
}

function StartupFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { i18n } = useLingui();
  // 404: no tenant is served at this address (mistyped, or the tenant was deleted). A session kept
  // from it is over: there is no login page here to send anyone to, so the page says what to do.
  const unknownPortal = isApiError(error) && error.status === 404;
  useEffect(() => {
    if (unknownPortal) useSessionStore.getState().endSession();
  }, [unknownPortal]);
  if (unknownPortal) {
    return (
      <ErrorState
        size="screen"
        message={<Trans>There is no portal at this address. Check the address, or ask your administrator for the right one.</Trans>}
        actionLabel={<Trans>Try again</Trans>}
        onAction={onRetry}
      />
    );
  }
  return <ErrorState size="screen" message={i18n._(commonMessages.failedTryAgain)} actionLabel={<Trans>Try again</Trans>} onAction={onRetry} />;
}

function LayoutSettingsSync() {
  useLayoutSettingsSync();
  return null;
}

type TenantThemeProps = { children: ReactNode };

/**
 * Loads the tenant information behind the splash (spec section 1), then dresses the page in
 * its branding: Mantine theme, title, favicon and CSS variables; its default language becomes the
 * portal's for a visitor who has chosen none.
 */
function TenantTheme({ children }: TenantThemeProps) {
  const tenant = useTenantInfo();
  useApplyTenantLanguage(tenant.data);
  const branding = useMemo(() => (tenant.data ? brandingFromTenantInfo(tenant.data) : null), [tenant.data]);
  const theme = useMemo(() => createPortalTheme(branding), [branding]);
  useEffect(() => (branding ? applyDocumentBranding(branding) : undefined), [branding]);

  let content: ReactNode = children;
  if (tenant.isPending) content = <Splash />;
  else if (tenant.isError) content = <StartupFailed error={tenant.error} onRetry={() => void tenant.refetch()} />;

  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={portalCssVariablesResolver}>
      <I18nRoot fallback={<CatalogLoading />}>
        <ColorSchemeSync />
        <LayoutSettingsSync />
        {content}
      </I18nRoot>
    </MantineProvider>
  );
}

export type PortalRootProps = {
  router: DataRouter;
  queryClient: QueryClient;
};

/** Providers of the whole portal: server state, tenant branding, language, snackbars, routes. */
export function PortalRoot({ router, queryClient }: PortalRootProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <TenantTheme>
        <NotificationsHost />
        <RouterProvider router={router} />
      </TenantTheme>
    </QueryClientProvider>
  );
}

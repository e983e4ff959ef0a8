import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { lazy, type ComponentType } from 'react';

// Loaded when the tab opens: the portal composes this with its route list, which is in the first download.
const TenantAppsSection = lazy(async () => ({ default: (await import('../components/tenant-apps-section')).TenantAppsSection }));

/** A tab of the tenant detail, in the shape the tenants feature takes it (the portal composes them). */
export type AppsIntegrationsTenantSection = { id: string; label: MessageDescriptor; after: 'desktop-clients'; component: ComponentType<{ tenantId: string }> };

/** The tenant's partner apps, after its desktop clients. */
export const appsIntegrationsTenantSections: readonly AppsIntegrationsTenantSection[] = [
  { id: 'partner-apps', label: msg`Partner apps`, after: 'desktop-clients', component: TenantAppsSection },
];

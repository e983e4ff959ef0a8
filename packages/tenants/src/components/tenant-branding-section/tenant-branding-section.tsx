import { Divider, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCan, useCurrentUser } from '@portal/auth';
import { problemText } from '@portal/forms';
import { ErrorState, PageLoader } from '@portal/ui-kit';
import { useTenantBrand } from '../../api/tenants/get-tenant-brand';
import { BRAND_IMAGE_SLOTS, BrandImageField } from './brand-image-field';
import { BrandTextsForm } from './brand-texts-form';

export type TenantBrandingSectionProps = { tenantId: string };

/**
 * The "Branding" section of the tenant detail: the brand's texts and its five images. What is
 * saved for the tenant this portal shows applies to the portal at once.
 */
export function TenantBrandingSection({ tenantId }: TenantBrandingSectionProps) {
  const { t, i18n } = useLingui();
  const brand = useTenantBrand(tenantId);
  const me = useCurrentUser();
  const canUpdate = useCan('tenant.brand.update');
  const canDelete = useCan('tenant.brand.delete');

  // The controls depend on the caller's permissions: wait for them rather than enable fields late.
  if (brand.isPending || me.isPending) return <PageLoader />;
  if (brand.isError) return <ErrorState message={problemText(brand.error, i18n)} actionLabel={t`Retry`} onAction={() => void brand.refetch()} />;

  return (
    <Stack gap="lg">
      <BrandTextsForm key={tenantId} tenantId={tenantId} brand={brand.data} readOnly={!canUpdate} />
      <Divider />
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">
            <Trans>Images</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>PNG or JPEG, at most 2 MB. Without an image the portal shows its default one.</Trans>
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {BRAND_IMAGE_SLOTS.map(([slot, label]) => (
            <BrandImageField key={slot} tenantId={tenantId} slot={slot} label={i18n._(label)} url={brand.data.images[slot]} canUpdate={canUpdate} canDelete={canDelete} />
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}

import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPlugOff, IconSettings, IconTrash } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import type { TenantApp } from '../../api/get-tenant-apps';
import { PARTNER_APP_REGIONS, PARTNER_APPS } from '../../utils/partner-apps';

/** What the caller may do with the tenant's apps (tenant.partner_app.put, update, delete). */
export type PartnerAppPermissions = { install: boolean; update: boolean; remove: boolean };

export type PartnerAppCardProps = {
  app: TenantApp;
  can: PartnerAppPermissions;
  onInstall: () => void;
  onConfigure: () => void;
  onUninstall: () => void;
  onRemove: () => void;
};

function Setting({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span fw={500}>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

/**
 * One partner app of the tenant: its state, what it does, its stored settings (never the API key
 * itself) and the actions its state and the caller's permissions allow: Install; Configure,
 * Uninstall and Remove once installed; Install again and Remove once uninstalled.
 */
export function PartnerAppCard({ app, can, onInstall, onConfigure, onUninstall, onRemove }: PartnerAppCardProps) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const entry = PARTNER_APPS[app.app];
  const name = entry.name;
  const settings = app.settings;
  const region = PARTNER_APP_REGIONS.find(([value]) => value === settings?.region)?.[1];
  const badge = {
    installed: { color: 'green', label: t`Installed` },
    uninstalled: { color: 'yellow', label: t`Uninstalled` },
    not_installed: { color: 'gray', label: t`Not installed` },
  }[app.state];

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4" id={headingId}>
            {name}
          </Title>
          <Badge color={badge.color} variant="light">
            {badge.label}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {i18n._(entry.description)}
        </Text>
        {settings ? (
          <Stack gap={4}>
            {settings.teamId !== undefined ? (
              <Setting label={t`Slack team ID`}>
                <span dir="ltr">{settings.teamId}</span>
              </Setting>
            ) : null}
            {settings.command !== undefined ? (
              <Setting label={t`Slash command`}>
                <span dir="ltr">{settings.command}</span>
              </Setting>
            ) : null}
            {region ? <Setting label={t`Region`}>{i18n._(region)}</Setting> : null}
            {settings.hasApiKey !== undefined ? <Setting label={t`API key`}>{settings.hasApiKey ? t`Stored` : t`None`}</Setting> : null}
          </Stack>
        ) : null}
        <Group gap="sm" mt="auto" wrap="wrap">
          {app.state === 'not_installed' && can.install ? (
            <Button leftSection={<IconDownload size={16} aria-hidden="true" />} aria-label={t`Install ${name}`} onClick={onInstall}>
              {t`Install`}
            </Button>
          ) : null}
          {app.state === 'uninstalled' && can.update ? (
            <Button leftSection={<IconDownload size={16} aria-hidden="true" />} aria-label={t`Install ${name}`} onClick={onInstall}>
              {t`Install`}
            </Button>
          ) : null}
          {app.state === 'installed' && can.update ? (
            <>
              <Button variant="default" leftSection={<IconSettings size={16} aria-hidden="true" />} aria-label={t`Configure ${name}`} onClick={onConfigure}>
                {t`Configure`}
              </Button>
              <Button variant="light" leftSection={<IconPlugOff size={16} aria-hidden="true" />} aria-label={t`Uninstall ${name}`} onClick={onUninstall}>
                {t`Uninstall`}
              </Button>
            </>
          ) : null}
          {app.state !== 'not_installed' && can.remove ? (
            <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden="true" />} aria-label={t`Remove ${name}`} onClick={onRemove}>
              {t`Remove`}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

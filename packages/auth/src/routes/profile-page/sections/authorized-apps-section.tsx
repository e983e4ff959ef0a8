import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useDateFormat } from '@portal/i18n';
import { ErrorState, notify } from '@portal/ui-kit';
import type { AuthorizedApp } from '../../../api/use-authorized-apps';
import { useAuthorizedApps } from '../../../api/use-authorized-apps';
import { useRevokeAuthorizedApp } from '../../../api/use-revoke-authorized-app';
import { profileMessages } from '../profile-messages';
import { SectionCard } from './section-card';

/** The consent screen's words for each scope (apps-integrations' OAuthConsent). */
const SCOPE_WORDS: Record<AuthorizedApp['scopes'][number], MessageDescriptor> = {
  'meetings:read': msg`View meetings`,
  'meetings:write': msg`View and manage meetings`,
  'phone:read': msg`View phone activities and settings`,
  'recordings:read': msg`View recordings`,
};

function AppRow({ app, onRevoke, revoking }: { app: AuthorizedApp; onRevoke: () => void; revoking: boolean }) {
  const { t, i18n } = useLingui();
  const format = useDateFormat();
  const authorizedAt = format.dateTime(app.authorizedAt);
  const words = [...app.scopes.map((scope) => i18n._(SCOPE_WORDS[scope])), ...(app.userInformation ? [t`View user information`] : [])];
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="sm" py="xs" style={{ borderBlockEnd: '1px solid var(--mantine-color-default-border)' }}>
      <Stack gap={0}>
        <Text fw={500}>{app.clientName}</Text>
        <Text size="sm">{words.join(' · ')}</Text>
        <Text size="sm" c="dimmed">
          <Trans>Authorized {authorizedAt}</Trans>
        </Text>
      </Stack>
      <Button variant="default" size="xs" onClick={onRevoke} loading={revoking} aria-label={t`Revoke access of ${app.clientName}`}>
        <Trans>Revoke access</Trans>
      </Button>
    </Group>
  );
}

/** The apps the person authorised (the consent screen's Authorize), each revocable at once. */
export function AuthorizedAppsSection() {
  const { t, i18n } = useLingui();
  const apps = useAuthorizedApps();
  const revoke = useRevokeAuthorizedApp();

  const revokeApp = (app: AuthorizedApp) =>
    revoke.mutate({ clientId: app.clientId }, {
      onSuccess: () => notify.success(t`Access of ${app.clientName} revoked`),
      onError: () => notify.error(i18n._(profileMessages.failed)),
    });

  return (
    <SectionCard title={<Trans>Authorized apps</Trans>} description={<Trans>Apps you allowed to use your account.</Trans>}>
      {apps.isPending ? (
        <Group justify="center">
          <Loader size="sm" aria-label={t`Loading authorized apps`} />
        </Group>
      ) : apps.isError ? (
        <ErrorState message={i18n._(profileMessages.failed)} actionLabel={<Trans>Try again</Trans>} onAction={() => void apps.refetch()} />
      ) : apps.data.length === 0 ? (
        <Text c="dimmed">
          <Trans>You have not authorized any apps.</Trans>
        </Text>
      ) : (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
          {apps.data.map((app) => (
            <AppRow key={app.clientId} app={app} onRevoke={() => revokeApp(app)} revoking={revoke.isPending && revoke.variables?.clientId === app.clientId} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

import { Alert, Button, Code, ColorSwatch, Fieldset, FileButton, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconRestore, IconUpload } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { isApiError } from '@portal/api-client';
import { useCan, useCurrentUser } from '@portal/auth';
import { problemText } from '@portal/forms';
import { validationMessages } from '@portal/i18n';
import { ConfirmDialog, ErrorState, failingContrastPairs, notify, PageLoader, useDialogState, downloadFile, type ContrastPair } from '@portal/ui-kit';
import { useTenantTheme } from '../../api/tenants/get-tenant-theme';
import { useUpdateTenantTheme } from '../../api/tenants/update-tenant-theme';
import { readThemeFile, themeFileBlob, type ThemeColors } from '../../utils/theme-file';

export type TenantThemeSectionProps = {
  tenantId: string;
  /** The tenant's subdomain, naming the downloaded theme file. */
  sname: string;
};

const THEME_FILE_EXAMPLE = '{"lite": {"primary": "#c2410c", "text": "#343a40"}}';

/**
 * The colour pairs of the theme below WCAG AA (4.5:1 for text), each with its ratio: shown while
 * the saved theme has any, so an administrator who saves such a theme is warned at once.
 */
function ContrastWarning({ pairs }: { pairs: readonly ContrastPair[] }) {
  const { t } = useLingui();
  const name = (key: string) => (key === 'white' ? t`the portal's white surface` : key);
  return (
    <Alert role="status" color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />} title={t`Some colours of this theme do not meet WCAG AA contrast (4.5:1)`}>
      <List size="sm" spacing={4}>
        {pairs.map((pair) => {
          const ratio = pair.ratio.toFixed(2);
          const foreground = name(pair.foreground);
          const background = name(pair.background);
          return (
            <List.Item key={`${pair.foreground}|${pair.background}`}>
              <Trans>
                <bdi>{foreground}</bdi> (<bdi>{pair.foregroundColor}</bdi>) on <bdi>{background}</bdi> (<bdi>{pair.backgroundColor}</bdi>): <bdi>{ratio}:1</bdi>
              </Trans>
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}

/**
 * The "Theme" section of the tenant detail: the colour variables of the tenant's light theme,
 * replaced by uploading a JSON theme file (checked here first: the spec's 'Supports only json
 * format' for anything else), downloaded as one, or reset to the portal's default colours.
 */
export function TenantThemeSection({ tenantId, sname }: TenantThemeSectionProps) {
  const { t, i18n } = useLingui();
  const theme = useTenantTheme(tenantId);
  const me = useCurrentUser();
  const canUpdate = useCan('tenant.brand.update');
  const update = useUpdateTenantTheme(tenantId);
  const reset = useDialogState<true>();
  const [fileError, setFileError] = useState<string | null>(null);
  const resetFile = useRef<() => void>(null);

  if (theme.isPending || me.isPending) return <PageLoader />;
  if (theme.isError) return <ErrorState message={problemText(theme.error, i18n)} actionLabel={t`Retry`} onAction={() => void theme.refetch()} />;
  const colors = Object.entries(theme.data.lite);
  const failingPairs = failingContrastPairs(theme.data.lite);

  const save = (lite: ThemeColors, onSaved?: () => void) =>
    update.mutate(
      { lite },
      {
        onSuccess: () => {
          notify.success(t`Theme updated successfully`);
          if (failingContrastPairs(lite).length > 0) notify.warning(t`Some colours of this theme do not meet WCAG AA contrast (4.5:1)`);
          onSaved?.();
        },
        // The server refuses a theme it cannot use with 400, as the file check here does.
        onError: (error) => (isApiError(error) && error.status === 400 ? setFileError(i18n._(validationMessages.jsonOnly)) : notify.error(problemText(error, i18n))),
      },
    );

  const choose = async (file: File | null) => {
    // Clears the input so that choosing the same file again is seen as a new choice.
    resetFile.current?.();
    if (!file) return;
    const lite = await readThemeFile(file);
    if (!lite) {
      setFileError(i18n._(validationMessages.jsonOnly));
      return;
    }
    setFileError(null);
    save(lite);
  };

  return (
    <Stack gap="lg">
      {colors.length === 0 ? (
        <Text c="dimmed">
          <Trans>This tenant uses the portal's default colours.</Trans>
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} role="list" aria-label={t`Theme colours`}>
          {colors.map(([name, value]) => (
            <Group key={name} role="listitem" gap="sm" wrap="nowrap">
              <ColorSwatch color={value} aria-hidden="true" withShadow />
              <div>
                <Text size="sm" fw={500} dir="ltr">
                  {name}
                </Text>
                <Text size="xs" c="dimmed" dir="ltr">
                  {value}
                </Text>
              </div>
            </Group>
          ))}
        </SimpleGrid>
      )}
      {failingPairs.length > 0 ? <ContrastWarning pairs={failingPairs} /> : null}
      <Fieldset legend={t`Theme file`}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            <Trans>A JSON file of colour names and values, for example:</Trans>{' '}
            <Code dir="ltr">{THEME_FILE_EXAMPLE}</Code>
          </Text>
          <Group gap="sm">
            {canUpdate ? (
              <FileButton onChange={(file) => void choose(file)} accept="application/json,.json" resetRef={resetFile}>
                {(props) => (
                  <Button {...props} leftSection={<IconUpload size={16} aria-hidden="true" />} loading={update.isPending && !reset.opened}>
                    <Trans>Upload theme file</Trans>
                  </Button>
                )}
              </FileButton>
            ) : null}
            <Button variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />} onClick={() => downloadFile(themeFileBlob(theme.data.lite), `${sname}-theme.json`)}>
              <Trans>Download theme</Trans>
            </Button>
            {canUpdate ? (
              <Button variant="subtle" color="red" leftSection={<IconRestore size={16} aria-hidden="true" />} disabled={colors.length === 0} onClick={() => reset.open(true)}>
                <Trans>Reset to default</Trans>
              </Button>
            ) : null}
          </Group>
          {fileError ? (
            <Text size="sm" c="red" role="alert">
              {fileError}
            </Text>
          ) : null}
        </Stack>
      </Fieldset>
      <ConfirmDialog
        opened={reset.opened}
        title={t`Reset theme`}
        message={t`Are you sure you want to reset the theme to the default colours ?`}
        confirmLabel={t`Reset`}
        danger
        loading={update.isPending}
        onConfirm={() => save({}, reset.close)}
        onClose={reset.close}
      />
    </Stack>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { commonMessages } from '@portal/i18n';
import { ErrorState } from '@portal/ui-kit';

/**
 * Shown when a route cannot render, typically a screen's code chunk that no longer exists after
 * a deployment: reloading fetches the current one.
 */
export function RouteErrorPage() {
  const { i18n } = useLingui();
  return (
    <ErrorState message={i18n._(commonMessages.failedTryAgain)} actionLabel={<Trans>Reload the page</Trans>} onAction={() => window.location.reload()} />
  );
}

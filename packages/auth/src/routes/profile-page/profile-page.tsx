import { Alert, Stack, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '@portal/api-client';
import { commonMessages } from '@portal/i18n';
import { ErrorState, notify, PageLoader } from '@portal/ui-kit';
import { TwoFactorPanel } from '../../components/two-factor';
import { useCan } from '../../hooks/use-can';
import { linkProblemOf, type LinkProblemCode } from '../link-problem';
import { useConfirmEmail } from '../../api/use-confirm-email';
import { useProfile } from '../../api/use-profile';
import { profileMessages } from './profile-messages';
import { LoginEmailForm } from './sections/login-email-form';
import { PasswordForm } from './sections/password-form';
import { PersonalDetailsForm } from './sections/personal-details-form';
import { PictureSection } from './sections/picture-section';
import { PreferencesForm } from './sections/preferences-form';
import { SessionsSection } from './sections/sessions-section';
import { AuthorizedAppsSection } from './sections/authorized-apps-section';

/**
 * The link mailed to a new login email opens this page with `?confirmEmail=<token>`. A refused
 * link is answered with why (unknown, used, expired), which the login email section shows next to
 * the way to a new one.
 */
function useEmailConfirmationLink(): LinkProblemCode | null {
  const { i18n } = useLingui();
  const [searchParams, setSearchParams] = useSearchParams();
  const token = searchParams.get('confirmEmail');
  const confirm = useConfirmEmail();
  const started = useRef<string | null>(null);
  const [linkProblem, setLinkProblem] = useState<LinkProblemCode | null>(null);
  const { mutate } = confirm;
  useEffect(() => {
    if (!token || started.current === token) return;
    started.current = token;
    mutate({ token }, {
      onSuccess: () => notify.success(i18n._(profileMessages.emailConfirmed)),
      onError: (error) => {
        const problem = linkProblemOf(error);
        if (problem) setLinkProblem(problem);
        else if (isApiError(error) && error.code === 'email_exists') notify.error(i18n._(profileMessages.emailExists));
        else notify.error(i18n._(profileMessages.failed));
      },
      // The token is spent either way; a reload must not send it again.
      onSettled: () =>
        setSearchParams(
          (params) => {
            params.delete('confirmEmail');
            return params;
          },
          { replace: true },
        ),
    });
  }, [token, mutate, i18n, setSearchParams]);
  return linkProblem;
}

/**
 * Profile (spec 'Profile (member)'): personal details, preferences, login email, password, picture,
 * sessions, two-factor. Without `user.profile.update` (a role may leave it out) the profile is shown
 * read-only, as the server refuses its changes (403): a note says so, the fields are disabled and
 * nothing offers to save; sign-in sessions, two-factor and authorized apps stay the user's own.
 */
export default function ProfilePage() {
  const { i18n } = useLingui();
  const profile = useProfile();
  const readOnly = !useCan('user.profile.update');
  const emailLinkProblem = useEmailConfirmationLink();

  if (profile.isPending) return <PageLoader />;
  if (profile.isError) {
    return <ErrorState message={i18n._(commonMessages.failedTryAgainShort)} actionLabel={<Trans>Try again</Trans>} onAction={() => void profile.refetch()} />;
  }
  const data = profile.data;
  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <Title order={1} size="h2">
        <Trans>Profile</Trans>
      </Title>
      {readOnly ? (
        <Alert color="blue" variant="light" role="note">
          <Trans>Your role does not allow you to change your profile. Ask your administrator if something here needs to change.</Trans>
        </Alert>
      ) : null}
      <PictureSection profile={data} readOnly={readOnly} />
      {/* Keyed by the saved values: a save elsewhere (or a confirmed email) refreshes the forms. */}
      <PersonalDetailsForm key={`details-${data.firstName}-${data.lastName}-${data.displayName}-${data.organisation}-${data.organisationName}-${data.accountType}`} profile={data} readOnly={readOnly} />
      <PreferencesForm key={`prefs-${data.language}-${data.timeZone}-${data.dateFormat}-${data.timeFormat}`} profile={data} readOnly={readOnly} />
      <LoginEmailForm profile={data} linkProblem={emailLinkProblem} readOnly={readOnly} />
      {readOnly ? null : <PasswordForm />}
      <TwoFactorPanel />
      <SessionsSection />
      <AuthorizedAppsSection />
    </Stack>
  );
}

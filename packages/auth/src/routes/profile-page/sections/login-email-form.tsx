import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { validationMessages } from '@portal/i18n';
import { notify, PasswordField } from '@portal/ui-kit';
import { isValidEmail } from '@portal/forms';
import { linkProblemMessages, type LinkProblemCode } from '../../link-problem';
import type { Profile } from '../../../api/use-profile';
import { useChangeEmail } from '../../../api/use-change-email';
import { profileMessages } from '../profile-messages';
import { showSaveError } from './apply-field-errors';
import { SectionCard } from './section-card';

type Values = { newEmail: string; currentPassword: string };

export type LoginEmailFormProps = {
  profile: Profile;
  /** Why the confirmation link this page was opened with was refused, if it was. */
  linkProblem?: LinkProblemCode | null;
  /** Shown, not editable: the user's roles do not hold `user.profile.update` (no change form). */
  readOnly?: boolean;
};

/** The login email changes only once the link mailed to the new address is followed. */
export function LoginEmailForm({ profile, linkProblem = null, readOnly = false }: LoginEmailFormProps) {
  const { t, i18n } = useLingui();
  const change = useChangeEmail();
  const problemRef = useRef<HTMLDivElement>(null);
  const newEmailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // A new link sent from here answers the refused one.
  const [newLinkSent, setNewLinkSent] = useState(false);
  const shownProblem = newLinkSent ? null : linkProblem;

  // The section sits below the fold, and the refused link is why the person came.
  useEffect(() => {
    if (shownProblem) problemRef.current?.scrollIntoView?.({ block: 'center' });
  }, [shownProblem]);
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: { newEmail: '', currentPassword: '' },
    validate: {
      newEmail: (value) => (isValidEmail(value.trim()) ? null : i18n._(validationMessages.validEmail)),
      currentPassword: (value) => (value ? null : i18n._(validationMessages.required)),
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await change.mutateAsync({ newEmail: values.newEmail.trim(), currentPassword: values.currentPassword });
      form.reset();
      setNewLinkSent(true);
      notify.success(i18n._(profileMessages.emailLinkSent));
    } catch (error) {
      showSaveError(error, form, i18n, { newEmail: 'newEmail', currentPassword: 'currentPassword' }, {
        password_incorrect: i18n._(profileMessages.incorrectPassword),
        email_exists: i18n._(profileMessages.emailExists),
        same_email: i18n._(profileMessages.sameEmail),
      });
    }
  });

  const askForNewLink = () => {
    // The address still waiting is the one to confirm: filled in, only the password is missing.
    if (profile.pendingEmail) {
      form.setFieldValue('newEmail', profile.pendingEmail);
      passwordRef.current?.focus();
    } else {
      newEmailRef.current?.focus();
    }
  };

  return (
    <SectionCard title={<Trans>Login email</Trans>}>
      {shownProblem && !readOnly ? (
        <Stack gap="xs" ref={problemRef}>
          <Alert color="red" variant="light" role="alert">
            {i18n._(linkProblemMessages[shownProblem])}
          </Alert>
          <Group>
            <Button variant="light" onClick={askForNewLink}>
              <Trans>Send me a new link</Trans>
            </Button>
          </Group>
        </Stack>
      ) : null}
      <Text>
        <Trans>
          You sign in with <strong>{profile.email}</strong>
        </Trans>
      </Text>
      {profile.pendingEmail ? (
        <Alert color="blue" variant="light" role="status">
          <Trans>Waiting for confirmation of {profile.pendingEmail}: follow the link in the mail sent to it.</Trans>
        </Alert>
      ) : null}
      {readOnly ? null : (
        <form onSubmit={submit} noValidate aria-label={t`Change login email`}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              ref={newEmailRef}
              label={t`New email`}
              type="email"
              autoComplete="email"
              required
              key={form.key('newEmail')}
              {...form.getInputProps('newEmail')}
            />
            <PasswordField
              ref={passwordRef}
              label={t`Current password`}
              autoComplete="current-password"
              required
              key={form.key('currentPassword')}
              {...form.getInputProps('currentPassword')}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="md">
            <Button type="submit" loading={change.isPending}>
              <Trans>Change email</Trans>
            </Button>
          </Group>
        </form>
      )}
    </SectionCard>
  );
}

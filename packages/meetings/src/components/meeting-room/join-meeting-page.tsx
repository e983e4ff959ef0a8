import { Alert, Anchor, Button, Card, Center, Container, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconAlertCircle, IconLock, IconLogin2, IconServerOff, IconUserOff, IconUsersGroup } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { hasProblemCode, problemCode } from '@portal/api-client';
import { loginPathFor, useCurrentUser } from '@portal/auth';
import { problemText } from '@portal/forms';
import { PageLoader, PasswordField } from '@portal/ui-kit';
import { useJoinInfo } from '../../api/meetings/get-join-info';
import { JOIN_REFUSALS, useJoinMeeting, type JoinGrant, type JoinRefusal, type JoinRequest } from '../../api/meetings/join-meeting';
import { joinPath } from '../../routes/meeting-paths';
import { tabMeetingKey } from '../../utils/e2ee-key';
import { EncryptedBadge, EncryptionProblem } from '../e2ee-notices';
import { MeetingFeedbackDialog } from '../meeting-feedback-dialog';
import { canEncryptFrames } from './frame-crypto';
import type { LeftReason } from './meeting-room';

// The media client (janus.js) loads with the room, only once someone has a grant.
const MeetingRoom = lazy(() => import('./janus-meeting-room'));

/** How often the page asks again while the host has not started the meeting. */
export const WAITING_RETRY_MS = 5000;

export type Phase =
  | { kind: 'form' }
  | { kind: 'waiting'; request: JoinRequest }
  | { kind: 'room'; grant: JoinGrant }
  /** `ticket`: the grant's feedback ticket while the participant may still rate the meeting. */
  | { kind: 'out'; reason: LeftReason; ticket: string | null };

/**
 * Leaving the room, or the meeting ending, asks for a rating (a lost connection does not: they may
 * rejoin). Only the first report counts: ending the meeting reports 'left' from the host's click
 * and 'ended' from the room, in either order, and the second must not take the rating away.
 */
export function phaseAfterLeaving(previous: Phase, reason: LeftReason): Phase {
  if (previous.kind !== 'room') return previous;
  const rates = reason === 'left' || reason === 'ended';
  return { kind: 'out', reason, ticket: rates ? (previous.grant.feedbackTicket ?? null) : null };
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <Container size={460} py="xl" px="md">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">{children}</Stack>
      </Card>
    </Container>
  );
}

/**
 * The meeting room page (`/join/:code`, public and without the portal's chrome): the meeting's
 * topic, the name (prefilled once signed in) and password when it has one, then the room. Refusals
 * are explained in place; while the host has not started the meeting it asks again every few
 * seconds.
 */
export function JoinMeetingPage({ retryMs = WAITING_RETRY_MS }: { retryMs?: number }) {
  const { code = '' } = useParams();
  const { hash } = useLocation();
  // An end-to-end encrypted meeting's key: only ever in the link's fragment, which no request carries.
  const [secret] = useState(() => tabMeetingKey(code, hash));
  const { t, i18n } = useLingui();
  const leftText: Record<LeftReason, string> = {
    left: t`You left the meeting.`,
    ended: t`The meeting has ended.`,
    removed: t`An administrator removed you from the meeting.`,
    failed: t`The connection to the meeting was lost.`,
  };
  const info = useJoinInfo(code);
  const { data: user } = useCurrentUser();
  const join = useJoinMeeting();
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const [refusal, setRefusal] = useState<JoinRefusal | null>(null);
  const form = useForm({ mode: 'controlled', initialValues: { name: '', password: '' } });
  const prefilled = useRef(false);

  useEffect(() => {
    if (user && !prefilled.current) {
      prefilled.current = true;
      form.setFieldValue('name', user.displayName || `${user.firstName} ${user.lastName}`.trim());
    }
  }, [user, form]);

  const attempt = useCallback(
    (request: JoinRequest) => {
      join.mutate(
        { meetingCode: code, request },
        {
          onSuccess: (grant) => {
            setRefusal(null);
            setPhase({ kind: 'room', grant });
          },
          onError: (error) => {
            const refused = JOIN_REFUSALS.find((c) => c === problemCode(error)) ?? null;
            if (refused === 'waiting_for_host') return setPhase({ kind: 'waiting', request });
            setPhase({ kind: 'form' });
            setRefusal(refused);
            if (refused === 'wrong_meeting_password') form.setFieldError('password', t`Wrong meeting password.`);
            else if (!refused) form.setFieldError('name', problemText(error, i18n));
          },
        },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [code, join.mutate],
  );

  // Waiting for the host: ask again every few seconds until the meeting starts.
  useEffect(() => {
    if (phase.kind !== 'waiting') return;
    const timer = setTimeout(() => attempt(phase.request), retryMs);
    return () => clearTimeout(timer);
  }, [phase, attempt, retryMs]);

  const onLeft = useCallback((reason: LeftReason) => setPhase((previous) => phaseAfterLeaving(previous, reason)), []);

  if (info.isPending) return <PageLoader />;
  if (info.isError) {
    return (
      <Frame>
        <Title order={1} size="h3">
          <Trans>Join a meeting</Trans>
        </Title>
        <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />}>
          {hasProblemCode(info.error, ['not_found', 'invalid_request']) ? t`This meeting does not exist. Check the meeting link.` : problemText(info.error, i18n)}
        </Alert>
      </Frame>
    );
  }
  const meeting = info.data;

  if (phase.kind === 'room') {
    return (
      <Suspense fallback={<PageLoader />}>
        <MeetingRoom grant={phase.grant} secret={secret} onLeft={onLeft} />
      </Suspense>
    );
  }

  const heading = (
    <Stack gap={4}>
      <Text c="dimmed" size="sm">
        <Trans>Meeting</Trans> {meeting.code}
      </Text>
      <Title order={1} size="h3">
        {meeting.topic}
      </Title>
      {meeting.endToEndEncrypted ? (
        <div>
          <EncryptedBadge />
        </div>
      ) : null}
      {meeting.hostName ? (
        <Text size="sm">
          <Trans>Host: {meeting.hostName}</Trans>
        </Text>
      ) : null}
    </Stack>
  );

  if (phase.kind === 'out') {
    return (
      <Frame>
        {heading}
        <Text role="status">
          {leftText[phase.reason]}
        </Text>
        <Button onClick={() => setPhase({ kind: 'form' })}>
          <Trans>Join again</Trans>
        </Button>
        <MeetingFeedbackDialog code={meeting.code} ticket={phase.ticket ?? ''} opened={phase.ticket !== null} onClose={() => setPhase({ ...phase, ticket: null })} />
      </Frame>
    );
  }

  if (phase.kind === 'waiting') {
    return (
      <Frame>
        {heading}
        <Stack align="center" gap="sm" role="status" aria-live="polite">
          <Loader size="md" aria-hidden="true" />
          <Text fw={600}>
            <Trans>Waiting for the host to start the meeting</Trans>
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            <Trans>You will join automatically as soon as the meeting starts.</Trans>
          </Text>
        </Stack>
        <Center>
          <Button variant="default" onClick={() => setPhase({ kind: 'form' })}>
            <Trans>Cancel</Trans>
          </Button>
        </Center>
      </Frame>
    );
  }

  if (meeting.endToEndEncrypted && (!secret || !canEncryptFrames())) {
    return (
      <Frame>
        {heading}
        <EncryptionProblem problem={secret ? 'unsupported' : 'missing-key'} />
      </Frame>
    );
  }

  const mediaMissing = !meeting.mediaAvailable || refusal === 'media_unavailable';
  const signInNeeded = (meeting.signedInOnly && !user) || refusal === 'sign_in_required';
  const submit = form.onSubmit((values) => {
    if (!user && !values.name.trim()) return form.setFieldError('name', t`Enter your name.`);
    setRefusal(null);
    attempt({ ...(user ? {} : { name: values.name.trim() }), ...(meeting.passwordRequired ? { password: values.password } : {}) });
  });

  return (
    <Frame>
      {heading}
      {mediaMissing ? (
        <Alert color="orange" icon={<IconServerOff aria-hidden="true" />} title={t`Meetings are not available`}>
          <Trans>No media server is configured on this platform, so meetings cannot take place. Ask your administrator.</Trans>
        </Alert>
      ) : null}
      {refusal === 'participant_limit_reached' ? (
        <Alert color="red" icon={<IconUsersGroup aria-hidden="true" />} title={t`The meeting is full`}>
          <Trans>This meeting has as many participants as the organisation's plan allows. Try again when someone leaves.</Trans>
        </Alert>
      ) : null}
      {refusal === 'concurrent_meetings_limit' ? (
        <Alert color="red" icon={<IconUsersGroup aria-hidden="true" />} title={t`No more meetings at once`}>
          <Trans>The organisation's plan allows no more meetings at the same time. End another meeting, then start this one.</Trans>
        </Alert>
      ) : null}
      {refusal === 'removed_from_meeting' ? (
        <Alert color="red" icon={<IconUserOff aria-hidden="true" />} title={t`You were removed from this meeting`}>
          <Trans>An administrator removed you and you may not join again while this meeting runs.</Trans>
        </Alert>
      ) : null}
      {refusal === 'meeting_locked' ? (
        <Alert color="red" icon={<IconLock aria-hidden="true" />} title={t`The meeting is locked`}>
          <Trans>This meeting is locked: nobody else can join now.</Trans>
        </Alert>
      ) : null}
      {signInNeeded ? (
        <Alert color="blue" icon={<IconLogin2 aria-hidden="true" />} title={t`Sign in to join`}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              <Trans>This meeting is for signed-in people only.</Trans>
            </Text>
            <Anchor component={Link} to={loginPathFor(joinPath(code))}>
              <Trans>Sign in</Trans>
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput label={t`Your name`} autoComplete="name" required={!user} readOnly={Boolean(user)} maxLength={100} {...form.getInputProps('name')} />
            {meeting.passwordRequired ? <PasswordField label={t`Meeting password`} required autoComplete="off" {...form.getInputProps('password')} /> : null}
            <Button type="submit" loading={join.isPending} disabled={mediaMissing && refusal === 'media_unavailable'}>
              <Trans>Join meeting</Trans>
            </Button>
          </Stack>
        </form>
      )}
    </Frame>
  );
}

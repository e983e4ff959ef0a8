import { Alert, Anchor, Button, Stack } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { isApiError } from '@portal/api-client';
import { LOGIN_PATH } from '../utils/post-login-redirect';

export type LinkProblemCode = 'token_invalid' | 'token_expired' | 'token_used';

/** Why a mailed link was refused, in the same words wherever a link lands (password pages, profile). */
export const linkProblemMessages: Record<LinkProblemCode, MessageDescriptor> = {
  token_invalid: msg`This link is invalid or has expired.`,
  token_expired: msg`This link has expired.`,
  token_used: msg`This link has already been used.`,
};

const LINK_PROBLEM_CODES = new Set<string>(Object.keys(linkProblemMessages));

/** The refused-link code of an API error (`enableUser`, `updatePassword`), or null for any other failure. */
export function linkProblemOf(error: unknown): LinkProblemCode | null {
  return isApiError(error) && LINK_PROBLEM_CODES.has(error.code) ? (error.code as LinkProblemCode) : null;
}

export type LinkProblemProps = {
  code: LinkProblemCode;
  /** Where a new link is requested (forgot-password or thank-you); none for a sign-in's temporary id. */
  newLinkPath?: string;
};

/** Says why a mailed link was refused and offers a new one. */
export function LinkProblem({ code, newLinkPath }: LinkProblemProps) {
  const { i18n } = useLingui();
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" role="alert">
        {i18n._(linkProblemMessages[code])}
      </Alert>
      {newLinkPath ? (
        <Button component={Link} to={newLinkPath} fullWidth>
          <Trans>Send me a new link</Trans>
        </Button>
      ) : null}
      <Anchor component={Link} to={LOGIN_PATH} ta="center">
        <Trans>Back to login</Trans>
      </Anchor>
    </Stack>
  );
}

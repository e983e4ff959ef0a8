// Ties an external sign-in to the browser that started it. Without this, anyone could start a
// sign-in with their own provider account and make a victim's browser finish it (login CSRF): the
// victim would then work, unknowingly, in the attacker's account. The start sets a random,
// httpOnly cookie scoped to the callback; the stored request is keyed by the state AND that cookie,
// so a callback arriving in another browser finds nothing.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { sha256 } from '../../kernel/crypto/digest.ts';

export const bindingCookie = 'portal_oidc';
const bindingPattern = /^[A-Za-z0-9_-]{43}$/;

/** The browser's binding, created (and set as a cookie) when it has none yet; kept across tabs. */
export function bindBrowser(request: FastifyRequest, reply: FastifyReply, path: string, maxAgeMs: number): string {
  const present = request.cookies[bindingCookie];
  const binding = present && bindingPattern.test(present) ? present : randomBytes(32).toString('base64url');
  // Lax: the provider sends the browser back with a top-level GET, which Lax cookies accompany.
  reply.setCookie(bindingCookie, binding, { path, httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', maxAge: Math.floor(maxAgeMs / 1000) });
  return binding;
}

/** The stored request's key: the state, bound to the browser's cookie (absent cookie → no match). */
export function authRequestKey(state: string, binding: string | undefined): string {
  return sha256(`${state}.${binding ?? ''}`);
}

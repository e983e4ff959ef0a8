// Who a provider account signs in as. A linked identity decides; else an existing user with the
// same email, when the provider vouches for that email (`email_verified`), is linked; else a new
// user is created when the tenant's social sign-up is open, with the role the provider's role
// mapping names (`member` otherwise), unless the tenant holds its user limit already. Disabled users
// are refused.
import type { RoleMapping } from '../../kernel/db/schema.ts';
import type { Database } from '../../kernel/db/types.ts';
import { hasRoomForUsers } from '../../kernel/tenancy/user-limit.ts';
import type { ProviderClaims } from './relying-party.ts';
import { enabledRoleId, findLinkedUser, findUserByEmail, insertUserWithRole, linkIdentity, userRoleNames, type UserRow } from './queries.ts';

/** Codes the login page explains (`/portal/login?error=<code>`). */
export type SignInRefusal =
  | 'account_disabled'
  | 'signup_closed'
  | 'provider_email_missing'
  | 'provider_email_unverified'
  | 'provider_link_privileged'
  | 'user_limit_reached';

export type SignInOutcome = { user: UserRow; created: boolean } | { refused: SignInRefusal };

export type SignInInput = {
  tenantId: string;
  signupSocial: boolean;
  provider: { id: string; roleMapping: RoleMapping | null };
  claims: ProviderClaims;
};

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const defaultRole = 'member';
const plainRoles = new Set([defaultRole, 'guest']);

function claimedEmail(claims: ProviderClaims): string | null {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  return email.length <= 254 && emailPattern.test(email) ? email : null;
}

/** Some providers send `email_verified` as the string "true". */
const emailVerified = (claims: ProviderClaims) => claims.email_verified === true || claims.email_verified === 'true';

/** A name the portal accepts (letters first, then letters, marks, spaces, `.'-`), or null. */
function personName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const cleaned = value
    .normalize('NFC')
    .replace(/[^\p{L}\p{M} .'-]/gu, ' ')
    .replace(/^[^\p{L}]+/u, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 50)
    .trim();
  return cleaned || null;
}

function namesOf(claims: ProviderClaims, email: string): { firstName: string; lastName: string } {
  const full = typeof claims.name === 'string' ? claims.name.trim().split(/\s+/) : [];
  const firstName = personName(claims.given_name) ?? personName(full[0]) ?? personName(email.split('@')[0]) ?? 'New';
  const lastName = personName(claims.family_name) ?? personName(full.slice(1).join(' ')) ?? 'User';
  return { firstName, lastName };
}

/** The role the mapping names for these claims; the claim may hold one value or a list. */
export function mappedRole(mapping: RoleMapping | null, claims: ProviderClaims): string | null {
  if (!mapping) return null;
  const raw = claims[mapping.claim];
  const values = Array.isArray(raw) ? raw : [raw];
  for (const value of values) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const role = mapping.values[String(value)];
    if (role) return role;
  }
  return null;
}

export async function resolveSignIn(tx: Database, input: SignInInput): Promise<SignInOutcome> {
  const { tenantId, provider, claims } = input;
  const linked = await findLinkedUser(tx, tenantId, provider.id, claims.sub);
  if (linked) return linked.status === 'enabled' ? { user: linked, created: false } : { refused: 'account_disabled' };

  const email = claimedEmail(claims);
  const existing = email ? await findUserByEmail(tx, tenantId, email) : null;
  if (existing) {
    // Linking on an unverified email would let anyone who types a victim's address at the
    // provider take over the victim's account here.
    if (!emailVerified(claims)) return { refused: 'provider_email_unverified' };
    if (existing.status !== 'enabled') return { refused: 'account_disabled' };
    // Whoever configures a provider controls what it vouches for. Accounts holding more than the
    // member role (built-in administrators or any custom role) are therefore never linked by email
    // alone: they keep signing in with password and second factor.
    if ((await userRoleNames(tx, tenantId, existing.id)).some((role) => !plainRoles.has(role))) return { refused: 'provider_link_privileged' };
    await linkIdentity(tx, { tenantId, providerId: provider.id, subject: claims.sub, userId: existing.id });
    return { user: existing, created: false };
  }

  if (!input.signupSocial) return { refused: 'signup_closed' };
  if (!email) return { refused: 'provider_email_missing' };
  // An unverified address would let a provider account squat on someone else's email here.
  if (!emailVerified(claims)) return { refused: 'provider_email_unverified' };
  if (!(await hasRoomForUsers(tx, tenantId, 1)).ok) return { refused: 'user_limit_reached' };
  const wanted = mappedRole(provider.roleMapping, claims);
  const roleId = (wanted ? await enabledRoleId(tx, tenantId, wanted) : null) ?? (await enabledRoleId(tx, tenantId, defaultRole));
  const user = await insertUserWithRole(tx, { tenantId, email, ...namesOf(claims, email), roleId });
  if (!user) {
    // A concurrent first sign-in (or sign-up) created this email a moment ago: link to it instead.
    const raced = await findUserByEmail(tx, tenantId, email);
    if (!raced || raced.status !== 'enabled') return { refused: 'account_disabled' };
    await linkIdentity(tx, { tenantId, providerId: provider.id, subject: claims.sub, userId: raced.id });
    return { user: raced, created: false };
  }
  await linkIdentity(tx, { tenantId, providerId: provider.id, subject: claims.sub, userId: user.id });
  return { user, created: true };
}

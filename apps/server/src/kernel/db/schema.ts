// The database schema. Every tenant-owned table carries `tenant_id`; the migration that creates
// these tables also enables and FORCEs row-level security on them, with a policy limiting rows to
// `current_setting('app.tenant_id')`, so a query that forgets its tenant filter still cannot leak.
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

export type TenantBranding = {
  brandUrl?: string | null;
  logos?: { logoDark?: string | null; logoWhite?: string | null; favicon?: string | null };
  text?: {
    portal_login_heading?: string | null;
    portal_login_body?: string | null;
    portal_register_heading?: string | null;
    portal_regiser_body?: string | null;
  };
  /** `landing`: the background of the public landing page (brand image slot `landingBackground`). */
  backgroundImages?: { portal?: string | null; landing?: string | null };
  dialIn?: string | null;
  themeLite?: Record<string, string>;
};

export type StoredLayoutSettings = {
  layout: 'vertical' | 'horizontal-1' | 'horizontal-2';
  navbarFolded: boolean;
  colorScheme: 'light' | 'dark' | 'auto';
  shortcuts: string[];
};

/** A tenant (realm). Platform-level: its row is visible to its own members and the platform. */
export const tenants = pgTable('tenants', {
  id: id(),
  sname: text('sname').notNull().unique(),
  name: text('name').notNull(),
  brandname: text('brandname').notNull(),
  branding: jsonb('branding').$type<TenantBranding>().notNull().default({}),
  signupNormal: boolean('signup_normal').notNull().default(true),
  signupSocial: boolean('signup_social').notNull().default(false),
  status: text('status', { enum: ['active', 'disabled'] }).notNull().default('active'),
  // Tenant details of the spec's tenant screens.
  address: text('address'),
  country: text('country'),
  dialIn: boolean('dial_in').notNull().default(false),
  dialOut: boolean('dial_out').notNull().default(false),
  paymentCustomerId: text('payment_customer_id'),
  /** Tenant features and partner apps switched on (spec 'tenant-features'), by feature key. */
  features: jsonb('features').$type<Record<string, boolean>>().notNull().default({}),
  /** The portal's language for visitors without a stored choice; null follows the platform's (system settings). */
  defaultLanguage: text('default_language', { enum: ['en', 'fr', 'ar', 'uz'] }),
  /** How many user accounts the tenant may hold; null is unlimited (kernel/tenancy/user-limit.ts). */
  maxUsers: integer('max_users'),
  createdAt: createdAt(),
});

/** Roles are per tenant; `permissions` holds the spec's permission strings (section 6). */
export const roles = pgTable(
  'roles',
  {
    id: id(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: ['enabled', 'disabled'] }).notNull().default('enabled'),
    dialIn: boolean('dial_in').notNull().default(false),
    dialOut: boolean('dial_out').notNull().default(false),
    builtIn: boolean('built_in').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_tenant_name').on(t.tenantId, t.name)],
);

// Search (`q` on getUsers/exportUsers) matches `search_text`, the email and names lower-cased once
// when a row is written (lower() on every row read cost a search's walk two thirds of its time).
// drizzle/0027_users_search_text.sql indexes it with the trigram GIN index `users_search_trgm`
// (drizzle-kit cannot express the operator class) and carries it in every sort index, so a search
// reading the list in order never visits the table (src/users/queries.ts).
export const users = pgTable(
  'users',
  {
    id: id(),
    tenantId: tenantId(),
    email: text('email').notNull(), // stored lower-cased
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    displayName: text('display_name'),
    passwordHash: text('password_hash'),
    status: text('status', { enum: ['enabled', 'disabled'] }).notNull().default('enabled'),
    changePasswordOnSignIn: boolean('change_password_on_sign_in').notNull().default(false),
    photoUrl: text('photo_url'),
    settings: jsonb('settings').$type<StoredLayoutSettings>(),
    // Profile (spec 'Profile'). Null means "not chosen": the portal falls back to the tenant's or the browser's default.
    organisation: text('organisation'),
    organisationName: text('organisation_name'),
    accountType: text('account_type', { enum: ['personal', 'business'] }),
    language: text('language', { enum: ['en', 'fr', 'ar', 'uz'] }),
    timeZone: text('time_zone'),
    dateFormat: text('date_format'),
    timeFormat: text('time_format'),
    /** A new login email waiting for confirmation by the link sent to it (action token `confirm_email`). */
    pendingEmail: text('pending_email'),
    // Two-factor (TOTP, RFC 6238). The secret is sealed with the server's secret key
    // (src/kernel/crypto/secret-box.ts); it exists before `totpEnabledAt` while setup awaits its first code.
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last accepted time step: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower("email" || ' ' || "first_name" || ' ' || "last_name")`),
  },
  (t) => [
    uniqueIndex('users_tenant_email').on(t.tenantId, t.email),
    // Keyset paging for every sortable column: (tenant, column, id).
    index('users_tenant_first_name').on(t.tenantId, t.firstName, t.id),
    index('users_tenant_last_name').on(t.tenantId, t.lastName, t.id),
    index('users_tenant_status').on(t.tenantId, t.status, t.email, t.id),
    index('users_tenant_created').on(t.tenantId, t.createdAt, t.id),
  ],
);

// The words of each user's `search_text` (split at ASCII characters other than letters and digits),
// one row per user and word, kept by triggers on `users` (drizzle/0028). Its key orders a word's
// users by email, the list's default order, so the page of a search for a term within words is a
// merge of a few ordered ranges instead of every match collected and sorted (src/users/search-words.ts).
export const userSearchWords = pgTable(
  'user_search_words',
  {
    // No foreign keys: one insert of users writes several rows here, and each key would be checked
    // row by row; the delete trigger on `users` removes a user's words, a tenant's deletion included.
    tenantId: uuid('tenant_id').notNull(),
    word: text('word').notNull(),
    email: text('email').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.word, t.email, t.userId] })],
);

// Every word a tenant's users have: the words a term can be in are looked up here (a trigram
// index, drizzle/0028) before their users are read from `user_search_words`. The same triggers add
// a word with its first user and drop it with its last, under a lock per tenant.
export const userSearchVocabulary = pgTable(
  'user_search_vocabulary',
  {
    tenantId: tenantId(),
    word: text('word').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.word] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    tenantId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role').on(t.roleId)],
);

/** Server-side sessions (browser cookie) and bearer tokens (developer clients); ids are SHA-256 of the secret. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    tenantId: tenantId(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    devClientId: uuid('dev_client_id').references(() => devClients.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['browser', 'client'] }).notNull(),
    csrfToken: text('csrf_token'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** Failed sign-in counter per account, updated atomically before each password check. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    tenantId: tenantId(),
    email: text('email').notNull(),
    failures: integer('failures').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.email] })],
);

/** Single-use, expiring tokens sent by mail (invite, password reset) or handed out at sign-in (tmpid). */
export const actionTokens = pgTable(
  'action_tokens',
  {
    id: text('id').primaryKey(), // SHA-256 of the token
    tenantId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['invite', 'reset_password', 'change_password', 'signup', 'confirm_email', 'two_factor'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('action_tokens_user').on(t.userId)],
);

/** Outgoing mail. Kept here always; delivered by SMTP when configured, else only logged. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    tenantId: tenantId(),
    toAddress: text('to_address').notNull(),
    /** Which mail this is (invite, signup, reset_password ...), for the email log. */
    template: text('template'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** An iCalendar invitation sent as the mail's calendar part (text/calendar; method=...), which calendar clients offer to accept. */
    icalMethod: text('ical_method', { enum: ['REQUEST', 'CANCEL'] }),
    icalContent: text('ical_content'),
    status: text('status', { enum: ['queued', 'sent', 'failed', 'kept'] }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_due').on(t.status, t.nextAttemptAt)],
);

/** OAuth developer clients (client credentials). Their tokens act with `roleId`'s permissions. */
export const devClients = pgTable(
  'dev_clients',
  {
    id: id(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    clientId: text('client_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['enabled', 'disabled'] }).notNull().default('enabled'),
    redirectUris: text('redirect_uris').array().notNull().default(sql`'{}'::text[]`),
    webOrigins: text('web_origins').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dev_clients_tenant_client').on(t.tenantId, t.clientId)],
);

/** One-time two-factor recovery codes; only their SHA-256 is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    tenantId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

export type RoleMapping = { claim: string; values: Record<string, string> };

/**
 * External identity providers of a tenant (its SSO settings): OpenID Connect, authorization code
 * with PKCE. `kind` picks the login button (Google, Facebook) or a generic one; the client secret
 * is sealed with the server's secret key.
 */
export const authProviders = pgTable(
  'auth_providers',
  {
    id: id(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['google', 'facebook', 'oidc'] }).notNull().default('oidc'),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret'),
    scopes: text('scopes').notNull().default('openid email profile'),
    /** Maps a claim's values to role names; users without a match get `member`. */
    roleMapping: jsonb('role_mapping').$type<RoleMapping | null>(),
    status: text('status', { enum: ['enabled', 'disabled'] }).notNull().default('enabled'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_providers_tenant_name').on(t.tenantId, t.name)],
);

/** Which provider account (issuer subject) signs in as which user. */
export const userIdentities = pgTable(
  'user_identities',
  {
    tenantId: tenantId(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => authProviders.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.subject] }), index('user_identities_user').on(t.userId)],
);

/** An authorization request in flight: what the callback needs to finish it (PKCE verifier, nonce). */
export const authRequests = pgTable('auth_requests', {
  id: text('id').primaryKey(), // SHA-256 of the `state` parameter
  tenantId: tenantId(),
  providerId: uuid('provider_id')
    .notNull()
    .references(() => authProviders.id, { onDelete: 'cascade' }),
  intent: text('intent', { enum: ['login', 'signup'] }).notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** A tenant's own SMTP server; mail of that tenant goes through it instead of the platform's. Password sealed. */
export const tenantSmtp = pgTable('tenant_smtp', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  security: text('security', { enum: ['tls', 'starttls', 'none'] }).notNull().default('starttls'),
  username: text('username'),
  password: text('password'),
  fromName: text('from_name').notNull(),
  fromEmail: text('from_email').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The non-secret settings of an installed partner app (which keys depend on the app: src/tenants/partner-apps.ts). */
export type PartnerAppSettings = { region?: string; teamId?: string; command?: string };

/**
 * A tenant's partner apps (spec 'Partner apps': Neosound, Slack): a row exists from Install until
 * Remove; Uninstall keeps it (and its settings) with status `uninstalled`. The app's API key, when
 * it has one, is sealed with the server's secret key.
 */
export const tenantApps = pgTable(
  'tenant_apps',
  {
    tenantId: tenantId(),
    app: text('app', { enum: ['neosound', 'slack'] }).notNull(),
    status: text('status', { enum: ['installed', 'uninstalled'] }).notNull().default('installed'),
    settings: jsonb('settings').$type<PartnerAppSettings>().notNull().default({}),
    apiKey: text('api_key'),
    installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.app] })],
);

/** A bundle bought with a subscription's plan: the bundle plan (null once deleted), its names for display, its price per licence and cycle. */
export type SubscriptionBundle = { planId: string | null; product: string; plan: string; unitAmount: number };

/**
 * A tenant's subscriptions to the platform's products (spec entity "Subscription"). Read by the
 * tenant detail today; the billing flows (purchase, change, cancel) write them. Amounts are in
 * the currency's minor unit.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    tenantId: tenantId(),
    /** The plan bought (null once the platform deleted it); product and plan keep their names for display. */
    planId: uuid('plan_id').references((): AnyPgColumn => plans.id, { onDelete: 'set null' }),
    product: text('product').notNull(),
    plan: text('plan').notNull(),
    licenses: integer('licenses').notNull(),
    billingCycle: text('billing_cycle', { enum: ['monthly', 'yearly'] }).notNull(),
    /** pending: waiting for its first payment; past_due: a renewal is unpaid. */
    status: text('status', { enum: ['active', 'pending', 'past_due', 'cancelled', 'expired'] }).notNull(),
    autoRenewal: boolean('auto_renewal').notNull().default(true),
    effectiveDate: timestamp('effective_date', { withTimezone: true }).notNull(),
    nextInvoiceDate: timestamp('next_invoice_date', { withTimezone: true }),
    nextInvoiceAmount: integer('next_invoice_amount'),
    currency: text('currency').notNull(),
    /** Price of one licence per cycle when bought, in minor units (a later catalogue change does not reprice it). */
    unitAmount: bigint('unit_amount', { mode: 'number' }).notNull().default(0),
    /** Cycles count from this instant in `time_zone` (billing/engine/cycles.ts); null until the first payment. */
    anchorAt: timestamp('anchor_at', { withTimezone: true }),
    timeZone: text('time_zone').notNull().default('UTC'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** Cancelled by the tenant: ends at `current_period_end` instead of renewing. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    provider: text('provider', { enum: ['manual', 'stripe'] }).notNull().default('manual'),
    /** The provider's saved payment method for renewals (Stripe: a PaymentMethod id). */
    paymentMethodRef: text('payment_method_ref'),
    /** Money owed back to the tenant from downgrades, taken off the next invoices (minor units). */
    creditBalance: bigint('credit_balance', { mode: 'number' }).notNull().default(0),
    /** The bundle plans bought with the plan (add-ons of an is-bundle product), each priced per licence when bought. */
    bundles: jsonb('bundles').$type<SubscriptionBundle[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_tenant_created').on(t.tenantId, t.createdAt, t.id), index('subscriptions_period_end').on(t.status, t.currentPeriodEnd)],
);

/** Payments of a tenant (spec entity "Transaction"), newest first; `reference` is the provider's transaction id, one row per reference. */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: id(),
    tenantId: tenantId(),
    reference: text('reference').notNull(),
    mode: text('mode', { enum: ['card', 'bank_transfer', 'manual'] }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['succeeded', 'pending', 'failed', 'refunded', 'refund_due'] }).notNull(),
    remarks: text('remarks'),
    invoiceId: uuid('invoice_id').references((): AnyPgColumn => invoices.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('payment_transactions_tenant_created').on(t.tenantId, t.createdAt, t.id), uniqueIndex('payment_transactions_reference').on(t.reference)],
);

/** Phone bridge numbers (DIDs) of a tenant, in E.164. */
export const dids = pgTable(
  'dids',
  {
    id: id(),
    tenantId: tenantId(),
    country: text('country').notNull(), // ISO 3166-1 alpha-2
    number: text('number').notNull(),
    status: text('status', { enum: ['enabled', 'disabled'] }).notNull().default('enabled'),
    dialIn: boolean('dial_in').notNull().default(true),
    dialOut: boolean('dial_out').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dids_tenant_number').on(t.tenantId, t.number)],
);

export type IceServer = { url: string; username?: string | null; credential?: string | null };

/**
 * Media clients (spec 'Clients'): the WebRTC settings a meeting app of a tenant uses. ICE server
 * credentials are sealed with the server's secret key inside `ice_servers`.
 */
export const mediaClients = pgTable(
  'media_clients',
  {
    id: id(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['web', 'mobile', 'desktop'] }).notNull().default('web'),
    version: text('version'),
    minVersion: text('min_version'),
    maxVersion: text('max_version'),
    iceTransportPolicy: text('ice_transport_policy', { enum: ['all', 'relay'] }).notNull().default('all'),
    bundlePolicy: text('bundle_policy', { enum: ['balanced', 'max-compat', 'max-bundle'] }).notNull().default('balanced'),
    iceServers: jsonb('ice_servers').$type<{ video: IceServer[]; audio: IceServer[] }>().notNull().default({ video: [], audio: [] }),
    appServer: text('app_server'),
    webOrigins: text('web_origins').array().notNull().default(sql`'{}'::text[]`),
    redirectUris: text('redirect_uris').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: ['enabled', 'disabled'] }).notNull().default('enabled'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('media_clients_tenant_name').on(t.tenantId, t.name)],
);

/**
 * Who changed what, when and from where (issue 4, audit log). Written by `recordAudit`
 * (src/kernel/audit/record.ts) in the same transaction as the change; secrets are masked before they get here.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    tenantId: tenantId(),
    /** No foreign key: the entry outlives a deleted user. */
    actorUserId: uuid('actor_user_id'),
    actorLabel: text('actor_label').notNull(),
    action: text('action', { enum: ['create', 'update', 'delete'] }).notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_tenant_created').on(t.tenantId, t.createdAt, t.id), index('audit_log_tenant_entity').on(t.tenantId, t.entity, t.entityId)],
);

/**
 * Platform-wide settings of the global configuration screens, one JSON document per section
 * (kubernetes, system, freeswitch, kafka, meeting, email, payment, transcoding, tenant, recording).
 * Secret fields inside are sealed. Platform-level: readable and writable only with `app.platform = on`.
 */
export const platformSettings = pgTable('platform_settings', {
  section: text('section').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});

/** The meeting option toggles of calls section 9, as the contract's MeetingOptions. */
export type StoredMeetingOptions = Record<string, unknown>;

/**
 * Meetings: scheduled (once, or by an RFC 5545 rule in `time_zone`), open (joinable any time until
 * `ends_at`) and personal (one per host). `code` is the meeting id people type, unique on the whole
 * platform. `ends_at` is when the last occurrence ends (null: never), kept so lists can skip meetings
 * that are over without expanding their rules.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: id(),
    tenantId: tenantId(),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['scheduled', 'open', 'personal'] }).notNull(),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    description: text('description'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    timeZone: text('time_zone').notNull(),
    /** The RRULE value without DTSTART (start and zone give it); null for a single meeting. */
    rrule: text('rrule'),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    password: text('password'),
    recordMode: text('record_mode'),
    meetingMode: text('meeting_mode'),
    options: jsonb('options').$type<StoredMeetingOptions>().notNull(),
    phoneBridge: boolean('phone_bridge').notNull().default(false),
    joinMode: text('join_mode', { enum: ['open', 'waiting_for_host', 'signed_in', 'locked'] }).notNull().default('waiting_for_host'),
    /** iCalendar SEQUENCE: raised by every change the invitees are told about. */
    sequence: integer('sequence').notNull().default(0),
    /**
     * Media is end-to-end encrypted (the tenant's E2EE app was on when it was created). Kept on the
     * meeting, so switching the app later leaves existing meetings and their links as they were.
     */
    endToEndEncrypted: boolean('end_to_end_encrypted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('meetings_code').on(t.code),
    uniqueIndex('meetings_personal_host')
      .on(t.hostId)
      .where(sql`${t.kind} = 'personal'`),
    index('meetings_tenant_host_kind').on(t.tenantId, t.hostId, t.kind, t.startsAt),
  ],
);

/** Users of the tenant who may run a meeting beside its host. */
export const meetingCoHosts = pgTable(
  'meeting_co_hosts',
  {
    tenantId: tenantId(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.userId] }), index('meeting_co_hosts_user').on(t.tenantId, t.userId)],
);

/** One occurrence of a recurring meeting changed on its own (its RECURRENCE-ID is `original_start`). */
export const meetingExceptions = pgTable(
  'meeting_exceptions',
  {
    tenantId: tenantId(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    originalStart: timestamp('original_start', { withTimezone: true }).notNull(),
    cancelled: boolean('cancelled').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    durationMinutes: integer('duration_minutes'),
    topic: text('topic'),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.originalStart] })],
);

/** People a meeting was mailed to: later changes and cancellations reach them too. `occurrence` null is the whole series. */
export const meetingInvitees = pgTable(
  'meeting_invitees',
  {
    tenantId: tenantId(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    occurrence: timestamp('occurrence', { withTimezone: true }),
    invitedAt: createdAt(),
  },
  (t) => [uniqueIndex('meeting_invitees_email').on(t.meetingId, t.email)],
);

/**
 * A meeting that is running: the media room its host or a co-host opened, until it ends. The room
 * secret is sealed (kernel/crypto/secret-box.ts): with it anyone could end or reconfigure the room.
 */
export const meetingRooms = pgTable('meeting_rooms', {
  meetingId: uuid('meeting_id')
    .primaryKey()
    .references(() => meetings.id, { onDelete: 'cascade' }),
  tenantId: tenantId(),
  /** The media server's room id (a Janus VideoRoom id). */
  roomId: bigint('room_id', { mode: 'number' }).notNull(),
  roomSecret: text('room_secret').notNull(),
  /** Which media server node runs it. */
  node: text('node').notNull(),
  startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * The record mode the room records in, chosen when it opened (src/meetings/recording-policy.ts):
   * null when it does not record. Its recording is converted in this mode when the meeting ends.
   */
  recordMode: text('record_mode'),
  /**
   * Mutes on entry the host (or the participant) lifted while the room runs, as `participant|kind`
   * (src/meetings/entry-moderation.ts): they stay lifted when that participant publishes again,
   * whichever server replica hears it.
   */
  liftedMutes: jsonb('lifted_mutes').$type<string[]>().notNull().default([]),
  /**
   * Participants an administrator removed and barred from this run (src/meetings/live-moderation.ts),
   * by their participant key: joinMeeting refuses them until the room ends.
   */
  blocked: jsonb('blocked').$type<string[]>().notNull().default([]),
  /** An administrator locked this run from Live meetings: joinMeeting lets in no new participant (hosts and co-hosts still enter). */
  locked: boolean('locked').notNull().default(false),
});

/**
 * Join grants handed out (src/meetings/grants.ts). A grant's media-server token is for joining
 * soon: unused after `expires_at`, the sweeper job revokes it on the media server and deletes the
 * row; one a connection uses (`used_at`) stays while the room runs, and goes with the room.
 */
export const joinGrants = pgTable(
  'join_grants',
  {
    id: id(),
    tenantId: tenantId(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    /** The media server's room the token opens. */
    roomId: bigint('room_id', { mode: 'number' }).notNull(),
    /** The media server token, sealed: the sweeper revokes it. */
    token: text('token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A connection on the media server was seen with this token: it stays while the room runs. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('join_grants_expiry').on(t.expiresAt), index('join_grants_meeting').on(t.meetingId)],
);

/**
 * A meeting as it ran: one row per opening of its media room, from the media platform's events
 * (src/live/apply.ts). `ended_at` null: running now. It outlives the meeting that scheduled it
 * (code and topic are copied), so deleting a meeting does not rewrite history.
 */
export const meetingSessions = pgTable(
  'meeting_sessions',
  {
    id: id(),
    tenantId: tenantId(),
    meetingId: uuid('meeting_id').references(() => meetings.id, { onDelete: 'set null' }),
    code: text('code').notNull(),
    topic: text('topic').notNull(),
    hostId: uuid('host_id').references(() => users.id, { onDelete: 'set null' }),
    /** The media server node that ran it. */
    node: text('node').notNull(),
    /** `media`: a real media server; `simulator`: the built-in traffic simulator. */
    source: text('source', { enum: ['media', 'simulator'] }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    video: boolean('video').notNull().default(false),
    screenShare: boolean('screen_share').notNull().default(false),
    phoneBridge: boolean('phone_bridge').notNull().default(false),
    recording: boolean('recording').notNull().default(false),
    /** Distinct participants who ever joined. */
    participants: integer('participants').notNull().default(0),
    /** A participant's call quality was flagged during the meeting. */
    flagged: boolean('flagged').notNull().default(false),
  },
  (t) => [
    index('meeting_sessions_tenant_started').on(t.tenantId, t.startedAt),
    index('meeting_sessions_started').on(t.startedAt),
    uniqueIndex('meeting_sessions_running')
      .on(t.meetingId)
      .where(sql`${t.endedAt} is null`),
    // The running meetings of a range, which the dashboards read raw (the rollups hold the ended ones).
    index('meeting_sessions_open')
      .on(t.tenantId, t.startedAt)
      .where(sql`${t.endedAt} is null`),
  ],
);

export type ParticipantClient = {
  os?: string;
  osVersion?: string;
  browser?: string;
  browserVersion?: string;
  platform?: string;
  network?: string;
  ip?: string;
  camera?: string;
  mic?: string;
  speaker?: string;
};

/**
 * A person in a meeting session: one row per person (a signed-in user by id, a guest by the key the
 * join grant gave them), with the client they used, what they publish now, their latest media
 * statistics and running sums for the summary. Rejoining reopens the same row.
 */
export const meetingParticipants = pgTable(
  'meeting_participants',
  {
    id: id(),
    tenantId: tenantId(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => meetingSessions.id, { onDelete: 'cascade' }),
    /** The participant part of the join grant's opaque id: a user id, or `guest-<uuid>`. */
    participantKey: text('participant_key').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    displayName: text('display_name').notNull().default(''),
    email: text('email'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    /** The last (re)join seen (null: none yet): a leave older than it arrived out of order and leaves them in. */
    lastJoinedAt: timestamp('last_joined_at', { withTimezone: true }),
    leftAt: timestamp('left_at', { withTimezone: true }),
    client: jsonb('client').$type<ParticipantClient>().notNull().default({}),
    cameraOn: boolean('camera_on').notNull().default(false),
    micOn: boolean('mic_on').notNull().default(false),
    screenSharing: boolean('screen_sharing').notNull().default(false),
    audioCodec: text('audio_codec'),
    videoCodec: text('video_codec'),
    statsAt: timestamp('stats_at', { withTimezone: true }),
    bitrateInKbps: integer('bitrate_in_kbps'),
    bitrateOutKbps: integer('bitrate_out_kbps'),
    /** Percent of packets lost, jitter and round-trip time of the latest sample. */
    packetLoss: doublePrecision('packet_loss'),
    jitterMs: doublePrecision('jitter_ms'),
    rttMs: doublePrecision('rtt_ms'),
    samples: integer('samples').notNull().default(0),
    packetLossSum: doublePrecision('packet_loss_sum').notNull().default(0),
    jitterSum: doublePrecision('jitter_sum').notNull().default(0),
    rttSum: doublePrecision('rtt_sum').notNull().default(0),
    /** Consecutive samples over a quality threshold; `flagged` once it lasted. */
    poorStreak: integer('poor_streak').notNull().default(0),
    flagged: boolean('flagged').notNull().default(false),
    flagReason: text('flag_reason'),
  },
  (t) => [uniqueIndex('meeting_participants_key').on(t.sessionId, t.participantKey), index('meeting_participants_user').on(t.tenantId, t.userId)],
);

/**
 * Every media event applied, in the portal's own model (src/live/events.ts): the meeting log reads
 * it, and `event_key` refuses a second delivery of the same event.
 */
export const mediaEvents = pgTable(
  'media_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => meetingSessions.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    type: text('type').notNull(),
    participantKey: text('participant_key'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [uniqueIndex('media_events_key').on(t.tenantId, t.eventKey), index('media_events_session').on(t.sessionId, t.occurredAt)],
);

/** What a participant said about a meeting when it ended: 1 to 5 stars, what went wrong, a suggestion. */
export const meetingFeedback = pgTable(
  'meeting_feedback',
  {
    id: id(),
    tenantId: tenantId(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => meetingSessions.id, { onDelete: 'cascade' }),
    participantId: uuid('participant_id').references(() => meetingParticipants.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    displayName: text('display_name').notNull().default(''),
    rating: integer('rating').notNull(),
    videoIssues: jsonb('video_issues').$type<string[]>().notNull().default([]),
    audioIssues: jsonb('audio_issues').$type<string[]>().notNull().default([]),
    suggestion: text('suggestion'),
    createdAt: createdAt(),
  },
  (t) => [index('meeting_feedback_tenant_created').on(t.tenantId, t.createdAt), uniqueIndex('meeting_feedback_participant').on(t.participantId)],
);

/**
 * The dashboards' rollups (src/dashboards/queries.ts): ended meetings summed per tenant and UTC
 * span of their start, a `span` being an `hour`, a `day` or a `month` (`at`: its start), so a range
 * of whole hours is read as a few months, days and hours. Kept by statement triggers on
 * meeting_sessions and meeting_participants (migration 0014_dashboard_rollups), which recompute
 * every hour a write touched from the raw rows, then its day and month, whoever writes (the media
 * events, the demo history, tests, a cascade). Running meetings are not in them: the dashboards
 * read those raw.
 */
const rollupSpan = () => text('span', { enum: ['hour', 'day', 'month'] }).notNull();
const rollupAt = () => timestamp('at', { withTimezone: true }).notNull();

/** Meetings, participants and participant-seconds (each from joining to leaving or the meeting's end). */
export const dashboardTotals = pgTable(
  'dashboard_totals',
  {
    tenantId: tenantId(),
    span: rollupSpan(),
    at: rollupAt(),
    meetings: integer('meetings').notNull(),
    participants: integer('participants').notNull(),
    seconds: doublePrecision('seconds').notNull(),
  },
  (t) => [index('dashboard_totals_tenant').on(t.tenantId, t.span, t.at), index('dashboard_totals_span').on(t.span, t.at)],
);

/** Meetings by host (null: none known). */
export const dashboardHosts = pgTable(
  'dashboard_hosts',
  {
    tenantId: tenantId(),
    span: rollupSpan(),
    at: rollupAt(),
    hostId: uuid('host_id'),
    meetings: integer('meetings').notNull(),
  },
  (t) => [index('dashboard_hosts_tenant').on(t.tenantId, t.span, t.at), index('dashboard_hosts_span').on(t.span, t.at)],
);

/** Participants and participant-seconds by user (null: the tenant's guests together). */
export const dashboardPeople = pgTable(
  'dashboard_people',
  {
    tenantId: tenantId(),
    span: rollupSpan(),
    at: rollupAt(),
    userId: uuid('user_id'),
    participants: integer('participants').notNull(),
    seconds: doublePrecision('seconds').notNull(),
  },
  (t) => [index('dashboard_people_tenant').on(t.tenantId, t.span, t.at), index('dashboard_people_span').on(t.span, t.at)],
);

/** Participants by platform and OS ('unknown' when absent or empty). */
export const dashboardClients = pgTable(
  'dashboard_clients',
  {
    tenantId: tenantId(),
    span: rollupSpan(),
    at: rollupAt(),
    platform: text('platform').notNull(),
    os: text('os').notNull(),
    participants: integer('participants').notNull(),
  },
  (t) => [index('dashboard_clients_tenant').on(t.tenantId, t.span, t.at), index('dashboard_clients_span').on(t.span, t.at)],
);

/** Media server nodes as the ingest sees them (platform-level): events taken and refused. */
export const mediaNodes = pgTable('media_nodes', {
  name: text('name').primaryKey(),
  lastEventAt: timestamp('last_event_at', { withTimezone: true }),
  accepted: bigint('accepted', { mode: 'number' }).notNull().default(0),
  refused: bigint('refused', { mode: 'number' }).notNull().default(0),
  /** The node's last start the portal acted on (src/media/events-ingest.ts `claimRestart`): one restart is recovered once, whichever replica hears of it. */
  restartedAt: timestamp('restarted_at', { withTimezone: true }),
});

/**
 * What each media node's earlier events said about its handles (src/media/handle-memory.ts): which
 * joined as publishers and which subscribe, departures waiting for a join to explain them, and
 * the latest rate Janus sent a subscriber handle. In the database, so whichever replica translates
 * a node's next post (over HTTP or from the broker) knows what the others heard. Platform-level;
 * rows untouched for a day are pruned.
 */
export const mediaHandles = pgTable(
  'media_handles',
  {
    node: text('node').notNull(),
    handleId: bigint('handle_id', { mode: 'number' }).notNull(),
    /** The portal's opaque id the handle carries (`meeting:<uuid>/participant:<key>`). */
    opaque: text('opaque'),
    role: text('role').$type<'publisher' | 'subscriber'>(),
    pending: jsonb('pending').$type<unknown[]>(),
    sent: jsonb('sent').$type<Record<string, { bytes: number; at: number }>>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.node, t.handleId] }), index('media_handles_opaque_idx').on(t.node, t.opaque)],
);

/**
 * The database job queue (src/jobs): background work that must survive a restart and run once
 * even with several replicas (recording conversion, retention, billing cycle ends). Platform-level:
 * a job names its tenant in its payload and the handler opens that tenant's scope. A job is claimed
 * by pushing `run_at` forward under `FOR UPDATE SKIP LOCKED` (a lease, as the mail outbox does).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** At most one job per key ever (e.g. one renewal per subscription and cycle). */
    dedupeKey: text('dedupe_key').unique(),
    status: text('status', { enum: ['queued', 'done', 'failed'] }).notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('jobs_due').on(t.status, t.runAt)],
);

/**
 * A recording: `cloud` from a meeting the media server recorded (converted from its raw files by a
 * job), `local` uploaded from a computer. Its files live in the file store under `audio_key` and
 * `video_key`; a missing key is a file that does not exist (or is gone).
 */
export const recordings = pgTable(
  'recordings',
  {
    id: id(),
    tenantId: tenantId(),
    kind: text('kind', { enum: ['cloud', 'local'] }).notNull(),
    status: text('status', { enum: ['processing', 'ready', 'failed'] }).notNull().default('processing'),
    /** Why processing failed, for the administrator. */
    failure: text('failure'),
    sessionId: uuid('session_id').references(() => meetingSessions.id, { onDelete: 'set null' }),
    meetingId: uuid('meeting_id').references(() => meetings.id, { onDelete: 'set null' }),
    /** The meeting id people know (copied, so a deleted meeting keeps its recordings readable). */
    code: text('code').notNull(),
    topic: text('topic').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    durationSeconds: integer('duration_seconds'),
    audioKey: text('audio_key'),
    audioBytes: bigint('audio_bytes', { mode: 'number' }),
    videoKey: text('video_key'),
    videoBytes: bigint('video_bytes', { mode: 'number' }),
    /** Local recordings: the computer it was made on, as the uploader named it. */
    computerName: text('computer_name'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** Retention skips a recording on legal hold. */
    legalHold: boolean('legal_hold').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('recordings_tenant_started').on(t.tenantId, t.kind, t.startedAt, t.id), index('recordings_kind_started').on(t.kind, t.startedAt, t.id)],
);

/**
 * Who is working on an unfinished recording upload (tus's lock, recordings/upload-locker.ts), so two
 * requests for one upload never write it at once whichever replica they reach. The holder renews
 * `expires_at` while its request runs; a replica that died mid-request leaves a row that expires.
 * A request waiting for the lock sets `release_requested`, and the holder ends its request early.
 * No tenant data: the upload's id is random and its owner is checked before the lock is asked for.
 */
export const uploadLocks = pgTable('upload_locks', {
  uploadId: text('upload_id').primaryKey(),
  holder: uuid('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  releaseRequested: boolean('release_requested').notNull().default(false),
});

/** A share link of a recording: the token and the optional password are stored hashed only. */
export const recordingShares = pgTable(
  'recording_shares',
  {
    id: id(),
    tenantId: tenantId(),
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    passwordHash: text('password_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Set when too many wrong passwords came from anywhere (recordings/shares.ts): the link then works no more. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('recording_shares_recording').on(t.recordingId)],
);

/**
 * The platform's catalogue (spec entities Product and Plan): what the platform sells to tenants.
 * Platform-level tables: every scope may read them (a tenant's members see published plans, the
 * purchase reads prices), only platform transactions write them (migration 0016's policies).
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isBundle: boolean('is_bundle').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('products_name').on(sql`lower(${t.name})`), index('products_created').on(t.createdAt, t.id)],
);

/** A plan of a product; `published` puts it on the public plans page (select-plans). */
export const plans = pgTable(
  'plans',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    minUsers: integer('min_users').notNull().default(1),
    maxUsers: integer('max_users').notNull(),
    published: boolean('published').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plans_name').on(sql`lower(${t.name})`),
    index('plans_product').on(t.productId),
    index('plans_created').on(t.createdAt, t.id),
    check('plans_users', sql`${t.minUsers} >= 1 AND ${t.maxUsers} >= ${t.minUsers}`),
  ],
);

/** A plan's price per licence for one currency and billing cycle, in the currency's minor units (cents). */
export const planPrices = pgTable(
  'plan_prices',
  {
    id: id(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    /** ISO 4217 code, upper case. */
    currency: text('currency').notNull(),
    billingCycle: text('billing_cycle', { enum: ['monthly', 'yearly'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('plan_prices_plan_currency_cycle').on(t.planId, t.currency, t.billingCycle), check('plan_prices_amount', sql`${t.amount} >= 0`)],
);

/** What a plan allows (spec "limits": value and unit rows), e.g. 1000 Minutes of meetings. */
export const planLimits = pgTable(
  'plan_limits',
  {
    id: id(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    /** Which limit (billing/catalogue/constants.ts LIMIT_KINDS), e.g. meeting_minutes, participants. */
    kind: text('kind').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    unit: text('unit', { enum: ['Number', 'Minutes'] }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('plan_limits_plan').on(t.planId, t.position), check('plan_limits_value', sql`${t.value} >= 0`)],
);

/** Plans linked to a plan (spec "link to existing plans"), e.g. the add-ons offered with it. */
export const planLinks = pgTable(
  'plan_links',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    linkedPlanId: uuid('linked_plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.planId, t.linkedPlanId] }), check('plan_links_other', sql`${t.planId} <> ${t.linkedPlanId}`)],
);

/** The user roles (built-in role names: admin, member, ...) a plan grants its tenant's users. */
export const planRoles = pgTable(
  'plan_roles',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.role] })],
);

/** A line of an invoice as stored (billing/engine/proration.ts InvoiceLine). */
export type StoredInvoiceLine = {
  kind: 'subscription' | 'renewal' | 'proration_credit' | 'proration_charge';
  description: string;
  quantity: number;
  unitAmount: number;
  amount: number;
  periodStart: string;
  periodEnd: string;
};

/** What paying an invoice does to its subscription (billing/service): start it, or apply a change. */
export type InvoiceEffect =
  | { kind: 'activate' }
  | { kind: 'renew'; periodIndex: number }
  | { kind: 'change'; planId: string | null; plan: string; product: string; licenses: number; billingCycle: 'monthly' | 'yearly'; unitAmount: number; reanchor: boolean; bundles?: SubscriptionBundle[] };

/**
 * A tenant's invoices (spec entity "Invoice"). Numbers are gap-free per issuer (`invoice_counters`,
 * taken in the invoice's transaction); everything printed on the PDF is kept on the row (customer,
 * brand, language, zone), so its bytes never change.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    tenantId: tenantId(),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    issuer: text('issuer').notNull(),
    number: text('number').notNull(),
    /** open: waiting for payment; uncollectible: expired unpaid; void: withdrawn. */
    status: text('status', { enum: ['open', 'paid', 'void', 'uncollectible'] }).notNull(),
    purpose: text('purpose', { enum: ['purchase', 'renewal', 'change'] }).notNull(),
    effect: jsonb('effect').$type<InvoiceEffect>().notNull(),
    currency: text('currency').notNull(),
    lines: jsonb('lines').$type<StoredInvoiceLine[]>().notNull(),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    creditApplied: bigint('credit_applied', { mode: 'number' }).notNull().default(0),
    tax: bigint('tax', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull(),
    customer: jsonb('customer').$type<{ name: string; address: string | null; country: string | null }>().notNull(),
    /** The tenant's brand and the issuing platform's name as printed. */
    brand: jsonb('brand').$type<{ name: string; logo: string | null; issuer: string }>().notNull(),
    language: text('language', { enum: ['en', 'fr', 'ar', 'uz'] }).notNull(),
    timeZone: text('time_zone').notNull(),
    provider: text('provider', { enum: ['manual', 'stripe'] }).notNull(),
    /** The provider's payment for it (Stripe: the Checkout Session or PaymentIntent id). */
    providerReference: text('provider_reference'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_issuer_number').on(t.issuer, t.number),
    index('invoices_tenant_issued').on(t.tenantId, t.issuedAt, t.id),
    index('invoices_status_due').on(t.status, t.dueAt),
    index('invoices_subscription').on(t.subscriptionId),
  ],
);

/** The next invoice number of each issuer (platform-level), taken under a row lock so numbers have no gaps. */
export const invoiceCounters = pgTable('invoice_counters', {
  issuer: text('issuer').primaryKey(),
  next: bigint('next', { mode: 'number' }).notNull().default(1),
});

/** Events a payment provider sent (Stripe webhooks), by the provider's event id: each is applied once. */
export const providerEvents = pgTable('provider_events', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: ['stripe'] }).notNull(),
  type: text('type').notNull(),
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

/** Changes waiting for a subscription's cycle end (spec "Pending plans"): a cancellation or fewer licences. */
export const billingChanges = pgTable(
  'billing_changes',
  {
    id: id(),
    tenantId: tenantId(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['cancel', 'licenses'] }).notNull(),
    licenses: integer('licenses'),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['scheduled', 'applied', 'withdrawn'] }).notNull().default('scheduled'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [index('billing_changes_subscription').on(t.subscriptionId, t.status), index('billing_changes_due').on(t.status, t.effectiveAt)],
);

/**
 * A tenant's webhook endpoints (issue 14 section 6): deliveries of the chosen events, signed the
 * Standard Webhooks way with a `whsec_` secret sealed with the server's key. After a rotation the
 * previous secret stays valid (deliveries carry both signatures) until `previous_secret_expires_at`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    tenantId: tenantId(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: jsonb('events').$type<string[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_tenant').on(t.tenantId)],
);

/** One event sent (or being sent) to one endpoint: one job in the queue per delivery; `id` is the webhook-id. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    tenantId: tenantId(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  },
  (t) => [index('webhook_deliveries_endpoint').on(t.endpointId, t.createdAt)],
);

/**
 * The Slack app's installations in a tenant (issue 14 section 2): one per workspace rolled out by an
 * account administrator (`workspace`, with the bot's token), and one per person who added the app
 * to only their own Slack account (`user`, with that person's user token). Tokens are sealed with
 * the server's secret key; `team_id` is the Slack workspace.
 */
export const slackInstallations = pgTable(
  'slack_installations',
  {
    id: id(),
    tenantId: tenantId(),
    teamId: text('team_id').notNull(),
    teamName: text('team_name').notNull().default(''),
    kind: text('kind', { enum: ['workspace', 'user'] }).notNull(),
    /** The portal user who installed it. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The installer's Slack user id. */
    slackUserId: text('slack_user_id').notNull(),
    botUserId: text('bot_user_id'),
    botToken: text('bot_token'),
    userToken: text('user_token'),
    scopes: text('scopes').notNull().default(''),
    installedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('slack_installations_workspace')
      .on(t.tenantId, t.teamId)
      .where(sql`${t.kind} = 'workspace'`),
    uniqueIndex('slack_installations_user')
      .on(t.tenantId, t.teamId, t.slackUserId)
      .where(sql`${t.kind} = 'user'`),
    index('slack_installations_team').on(t.teamId),
  ],
);

/** A Slack user linked to a portal user of the tenant: their slash commands act as that person. */
export const slackUserLinks = pgTable(
  'slack_user_links',
  {
    tenantId: tenantId(),
    teamId: text('team_id').notNull(),
    slackUserId: text('slack_user_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.teamId, t.slackUserId] }), index('slack_user_links_user').on(t.userId)],
);

/**
 * A Slack channel following a meeting started (or joined) from it with the slash command: while the
 * meeting runs, its events after `last_event_id` become channel messages (src/slack/updates.ts).
 */
export const slackMeetingChannels = pgTable(
  'slack_meeting_channels',
  {
    id: id(),
    tenantId: tenantId(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    teamId: text('team_id').notNull(),
    channelId: text('channel_id').notNull(),
    /** The last media event told to the channel (media_events.id). */
    lastEventId: bigint('last_event_id', { mode: 'number' }).notNull().default(0),
    /** When the channel was last told the running meeting's duration. */
    lastDurationAt: timestamp('last_duration_at', { withTimezone: true }),
    /** Recordings already posted to the channel. */
    postedRecordings: jsonb('posted_recordings').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('slack_meeting_channels_meeting').on(t.meetingId, t.teamId, t.channelId)],
);

/**
 * What the authorization server for developer clients (src/oauth) keeps: oidc-provider's models
 * (authorization codes, access and refresh tokens, grants, interactions, sessions) and the tenant's
 * sealed signing key, each in its tenant, so several replicas share them. `id` is the SHA-256 of
 * the provider's identifier (a token value), never the value itself.
 */
export const oauthRecords = pgTable(
  'oauth_records',
  {
    tenantId: tenantId(),
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    /** The user of a grant (to list and revoke the apps a person authorised). */
    accountId: text('account_id'),
    clientId: text('client_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.model, t.id] }),
    index('oauth_records_grant').on(t.tenantId, t.grantId),
    index('oauth_records_uid').on(t.tenantId, t.uid),
    index('oauth_records_account').on(t.tenantId, t.accountId),
  ],
);

/**
 * The Apps screen's plugins switched on for a whole tenant (issue 14 section 4 and 5): today the
 * end-to-end encryption app (`e2ee`), which the tenant's administrators switch and which new
 * meetings read through src/plugins/plugins.ts `isPluginEnabled`. No row: off.
 */
export const tenantPlugins = pgTable(
  'tenant_plugins',
  {
    tenantId: tenantId(),
    plugin: text('plugin', { enum: ['e2ee'] }).notNull(),
    enabled: boolean('enabled').notNull().default(false),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.plugin] })],
);

/**
 * A person's own plugins of the Apps screen: the speech-analytics service (`neosound`, its account
 * at Neosound in `account_id`) and the Gmail add-on (`gmail-addon`, authorised through the
 * authorization server; `account_id` holds the Google account the add-on named). No row: never
 * enabled; a disabled row keeps the account so enabling again reuses it.
 */
export const userPlugins = pgTable(
  'user_plugins',
  {
    tenantId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plugin: text('plugin', { enum: ['neosound', 'gmail-addon'] }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    accountId: text('account_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.plugin] }), index('user_plugins_user').on(t.userId)],
);

/** Tables whose rows belong to one tenant; the RLS migrations apply to exactly these. */
/**
 * A CSV import of users run by the job queue (users/import-job.ts), with its progress for the
 * import dialog to poll. The file waits here until the job has read it, and is cleared once the
 * import finished.
 */
export const userImports = pgTable(
  'user_imports',
  {
    id: id(),
    tenantId: tenantId(),
    status: text('status', { enum: ['queued', 'checking', 'creating', 'done', 'refused', 'failed'] }).notNull().default('queued'),
    file: text('file'),
    /** The roles the starter may hand out, by name (an import assigns no other). */
    assignableRoles: jsonb('assignable_roles').$type<Record<string, string>>().notNull(),
    /** Who started it, as the audit log names them (kernel/audit/record.ts AuditActor). */
    actor: jsonb('actor').$type<{ tenantId: string; userId: string | null; label: string | null; ip: string | null; requestId: string | null }>().notNull(),
    totalRows: integer('total_rows'),
    readRows: integer('read_rows').notNull().default(0),
    createdRows: integer('created_rows').notNull().default(0),
    refusedRows: integer('refused_rows').notNull().default(0),
    rowErrors: jsonb('row_errors').$type<{ row: number; field: string; code: string }[]>().notNull().default([]),
    errorCode: text('error_code'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('user_imports_tenant').on(t.tenantId, t.createdAt)],
);

export const tenantOwnedTables = [
  'oauth_records',
  'roles',
  'users',
  'user_roles',
  'sessions',
  'login_attempts',
  'action_tokens',
  'mail_outbox',
  'dev_clients',
  'recovery_codes',
  'auth_providers',
  'user_identities',
  'auth_requests',
  'tenant_smtp',
  'dids',
  'media_clients',
  'audit_log',
  'tenant_apps',
  'subscriptions',
  'payment_transactions',
  'invoices',
  'billing_changes',
  'meetings',
  'meeting_co_hosts',
  'meeting_exceptions',
  'meeting_invitees',
  'meeting_rooms',
  'join_grants',
  'meeting_sessions',
  'meeting_participants',
  'media_events',
  'meeting_feedback',
  'dashboard_totals',
  'dashboard_hosts',
  'dashboard_people',
  'dashboard_clients',
  'recordings',
  'recording_shares',
  'webhook_endpoints',
  'webhook_deliveries',
  'slack_installations',
  'slack_user_links',
  'slack_meeting_channels',
  'tenant_plugins',
  'user_plugins',
  'user_search_words',
  'user_search_vocabulary',
  'user_imports',
] as const;

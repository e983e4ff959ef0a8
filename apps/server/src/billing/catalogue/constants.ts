// What the catalogue's prices and limits may name: the currencies the platform sells in (with
// their ISO 4217 minor units, so an amount is always a whole number of cents, fils or yen), the
// billing cycles, and the kinds of limit a plan sets with the units each takes.
import type { Schemas } from '../../kernel/http/api.ts';

export const CURRENCIES: readonly Schemas['Currency'][] = [
  { code: 'USD', minorUnits: 2 },
  { code: 'EUR', minorUnits: 2 },
  { code: 'GBP', minorUnits: 2 },
  { code: 'AED', minorUnits: 2 },
  { code: 'INR', minorUnits: 2 },
  { code: 'UZS', minorUnits: 2 },
  { code: 'JPY', minorUnits: 0 },
];

export const isSupportedCurrency = (code: string) => CURRENCIES.some((currency) => currency.code === code);

export const BILLING_CYCLES: readonly Schemas['BillingCycleDefinition'][] = [
  { cycle: 'monthly', months: 1 },
  { cycle: 'yearly', months: 12 },
];

export const LIMIT_KINDS: readonly Schemas['LimitDefinition'][] = [
  { kind: 'participants', units: ['Number'] },
  { kind: 'meeting_duration', units: ['Minutes'] },
  { kind: 'meeting_minutes', units: ['Minutes'] },
  { kind: 'concurrent_meetings', units: ['Number'] },
  { kind: 'recording_minutes', units: ['Minutes'] },
  { kind: 'storage_gb', units: ['Number'] },
  { kind: 'webinar_attendees', units: ['Number'] },
];

export const unitsOf = (kind: Schemas['LimitKind']): readonly Schemas['LimitUnit'][] => LIMIT_KINDS.find((entry) => entry.kind === kind)?.units ?? [];

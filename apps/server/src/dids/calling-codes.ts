// Whether an E.164 number is plausible for a country: its calling code and the length of the
// national significant number. A small table of the countries the product serves is enough here;
// a country missing from it is refused rather than guessed. Lengths follow the ITU-T E.164
// national numbering plans (mobile and geographic ranges together).
type Plan = { code: string; min: number; max: number };

export const callingPlans: Readonly<Record<string, Plan>> = {
  US: { code: '1', min: 10, max: 10 },
  CA: { code: '1', min: 10, max: 10 },
  GB: { code: '44', min: 9, max: 10 },
  IE: { code: '353', min: 7, max: 9 },
  FR: { code: '33', min: 9, max: 9 },
  DE: { code: '49', min: 6, max: 13 },
  ES: { code: '34', min: 9, max: 9 },
  IT: { code: '39', min: 6, max: 11 },
  NL: { code: '31', min: 9, max: 9 },
  BE: { code: '32', min: 8, max: 9 },
  CH: { code: '41', min: 9, max: 9 },
  AT: { code: '43', min: 4, max: 13 },
  PT: { code: '351', min: 9, max: 9 },
  SE: { code: '46', min: 7, max: 9 },
  NO: { code: '47', min: 8, max: 8 },
  DK: { code: '45', min: 8, max: 8 },
  FI: { code: '358', min: 5, max: 12 },
  PL: { code: '48', min: 9, max: 9 },
  TR: { code: '90', min: 10, max: 10 },
  RU: { code: '7', min: 10, max: 10 },
  KZ: { code: '7', min: 10, max: 10 },
  UZ: { code: '998', min: 9, max: 9 },
  AE: { code: '971', min: 8, max: 9 },
  SA: { code: '966', min: 8, max: 9 },
  QA: { code: '974', min: 7, max: 8 },
  EG: { code: '20', min: 8, max: 10 },
  MA: { code: '212', min: 9, max: 9 },
  DZ: { code: '213', min: 8, max: 9 },
  TN: { code: '216', min: 8, max: 8 },
  ZA: { code: '27', min: 9, max: 9 },
  NG: { code: '234', min: 8, max: 10 },
  KE: { code: '254', min: 9, max: 9 },
  IN: { code: '91', min: 10, max: 10 },
  PK: { code: '92', min: 9, max: 10 },
  CN: { code: '86', min: 9, max: 11 },
  JP: { code: '81', min: 9, max: 10 },
  KR: { code: '82', min: 8, max: 10 },
  SG: { code: '65', min: 8, max: 8 },
  AU: { code: '61', min: 9, max: 9 },
  NZ: { code: '64', min: 8, max: 10 },
  BR: { code: '55', min: 10, max: 11 },
  MX: { code: '52', min: 10, max: 10 },
  AR: { code: '54', min: 10, max: 11 },
};

export const supportedCountries = Object.keys(callingPlans);

/** True when `number` (E.164, with '+') has `country`'s calling code and a national number of a valid length. */
export function isPlausibleNumber(country: string, number: string): boolean {
  const plan = callingPlans[country];
  if (!plan || !/^\+[1-9]\d{6,14}$/.test(number)) return false;
  const digits = number.slice(1);
  if (!digits.startsWith(plan.code)) return false;
  const national = digits.length - plan.code.length;
  return national >= plan.min && national <= plan.max;
}

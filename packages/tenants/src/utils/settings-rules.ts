// The form-side checks of the settings screens, the same rules as the contract and the server
// (openapi/portal.yaml, apps/server/src/settings/sections.ts), so a bad value is caught before a
// round trip and both sides agree on what is valid.

/** Spec section 5: a whole number 1 to 10000 written without a leading zero. */
export function isMediaNodeCount(value: string): boolean {
  return /^[1-9][0-9]{0,4}$/.test(value) && Number(value) <= 10000;
}

/** Spec section 5: 3 to 30 letters, spaces and dots, with no leading or trailing whitespace. */
export function isMediaNodeName(value: string): boolean {
  return value.length >= 3 && value.length <= 30 && /^[A-Za-z.](?:[A-Za-z. ]*[A-Za-z.])?$/.test(value);
}

/** A whole number between `min` and `max`, without a leading zero. */
export function isWholeNumberIn(value: string, min: number, max: number): boolean {
  return /^(0|[1-9][0-9]*)$/.test(value) && Number(value) >= min && Number(value) <= max;
}

export function isUrl(value: string): boolean {
  return URL.canParse(value) && !/\s/.test(value);
}

export function isHttpUrl(value: string): boolean {
  return isUrl(value) && /^https?:\/\//i.test(value);
}

export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

export function isHost(value: string): boolean {
  return /^[A-Za-z0-9.:-]{1,253}$/.test(value);
}

/** Web origins (scheme, host, optional port; no path), comma separated: the system settings' CORS list. */
export function isOriginList(value: string): boolean {
  return /^https?:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?(,\s*https?:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?)*$/.test(value);
}

/** Kafka bootstrap servers: `host:port`, comma separated. */
export function isBrokerList(value: string): boolean {
  return /^[A-Za-z0-9.-]+:[0-9]{1,5}(,\s*[A-Za-z0-9.-]+:[0-9]{1,5})*$/.test(value);
}

export function isKafkaTopic(value: string): boolean {
  return /^[A-Za-z0-9._-]{1,249}$/.test(value);
}

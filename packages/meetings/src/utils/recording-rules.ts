// The form-side checks of the recording settings, the same rules as the contract and the server
// (openapi/portal.yaml, apps/server/src/settings/sections.ts).

/** A whole number between `min` and `max`, without a leading zero. */
export function isWholeNumberIn(value: string, min: number, max: number): boolean {
  return /^(0|[1-9][0-9]*)$/.test(value) && Number(value) >= min && Number(value) <= max;
}

function isIpv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((part) => /^(0|[1-9][0-9]{0,2})$/.test(part) && Number(part) <= 255);
}

function isIpv6(value: string): boolean {
  // The URL parser knows IPv6 literals exactly; a colon keeps IPv4 and host names out.
  return value.includes(':') && /^[0-9A-Fa-f:.]+$/.test(value) && URL.canParse(`http://[${value}]/`);
}

/** An IPv4 or IPv6 address, or a CIDR range whose prefix fits the address family. */
export function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  if (rest.length > 0) return false;
  const family = isIpv4(address) ? 4 : isIpv6(address) ? 6 : 0;
  if (family === 0) return false;
  if (prefix === undefined) return true;
  return /^(0|[1-9][0-9]{0,2})$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

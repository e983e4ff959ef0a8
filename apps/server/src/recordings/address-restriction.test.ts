import { describe, expect, it } from 'vitest';
import { addressAllowed } from './address-restriction.ts';

describe('addressAllowed', () => {
  it.each([
    ['10.0.0.0/8', '10.255.1.2', true],
    ['10.0.0.0/8', '11.0.0.1', false],
    ['192.168.1.10', '192.168.1.10', true],
    ['192.168.1.10', '192.168.1.11', false],
    ['192.168.1.10/32', '192.168.1.10', true],
    ['0.0.0.0/0', '8.8.8.8', true],
    ['172.16.0.0/12', '172.31.255.255', true],
    ['172.16.0.0/12', '172.32.0.0', false],
    // An IPv4 client on a dual-stack socket.
    ['10.0.0.0/8', '::ffff:10.1.2.3', true],
    ['::ffff:10.0.0.0/104', '10.1.2.3', false],
    ['2001:db8::/32', '2001:db8:abcd::1', true],
    ['2001:db8::/32', '2001:db9::1', false],
    ['2001:db8::1', '2001:0db8:0000::0001', true],
    ['::1', '::1', true],
    ['::/0', '2001:db8::1', true],
    // Families never match each other.
    ['::/0', '10.0.0.1', false],
    ['0.0.0.0/0', '2001:db8::1', false],
    // Nonsense matches nothing.
    ['10.0.0.0/33', '10.0.0.1', false],
    ['10.0.0.0/x', '10.0.0.1', false],
    ['intranet', '10.0.0.1', false],
    ['10.0.0.0/8', 'unknown', false],
  ])('%s allows %s: %s', (allowed, address, expected) => {
    expect(addressAllowed(allowed, address)).toBe(expected);
  });
});

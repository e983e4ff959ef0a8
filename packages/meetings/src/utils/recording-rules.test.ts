import { isAddressOrRange, isWholeNumberIn } from './recording-rules';

describe('isAddressOrRange', () => {
  it.each(['10.0.0.1', '10.0.0.0/8', '0.0.0.0/0', '2001:db8::/32', '::1'])('accepts %s', (value) => expect(isAddressOrRange(value)).toBe(true));
  it.each(['10.0.0.256', '10.0.0.0/33', '10.0.0.0/08', '2001:db8::/129', 'intranet', '10.0.0/8', '1/2/3'])('refuses %s', (value) =>
    expect(isAddressOrRange(value)).toBe(false),
  );
});

describe('isWholeNumberIn', () => {
  it.each(['1', '90', '3650'])('accepts %s', (value) => expect(isWholeNumberIn(value, 1, 3650)).toBe(true));
  it.each(['0', '3651', '090', '1.5', ''])('refuses %j', (value) => expect(isWholeNumberIn(value, 1, 3650)).toBe(false));
});

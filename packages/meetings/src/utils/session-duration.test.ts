import { formatSessionDuration } from './session-duration';

describe('formatSessionDuration', () => {
  it('writes minutes and seconds under an hour, hours beyond', () => {
    expect(formatSessionDuration(0)).toBe('0:00');
    expect(formatSessionDuration(59.6)).toBe('1:00');
    expect(formatSessionDuration(45 * 60)).toBe('45:00');
    expect(formatSessionDuration(3 * 3600 + 5 * 60 + 7)).toBe('3:05:07');
    expect(formatSessionDuration(-5)).toBe('0:00');
  });
});

import { describe, expect, it } from 'vitest';
import { isLookupPhoneValid, lookupPhone } from './lookup';

describe('my orders lookup phone', () => {
  it('takes every format the checkout takes, and nothing that is not a number', () => {
    expect(isLookupPhoneValid('901112233')).toBe(true);
    expect(isLookupPhoneValid('90 111 22 33')).toBe(true);
    expect(isLookupPhoneValid('+998 90 111 22 33')).toBe(true);
    expect(isLookupPhoneValid('  90123456  ')).toBe(false);
    expect(isLookupPhoneValid('9012345678')).toBe(false);
  });
  it('sends the normalized number', () => {
    expect(lookupPhone('(90) 123-45-67')).toBe('+998901234567');
    expect(lookupPhone(' 12345abcdef ')).toBe('12345abcdef');
  });
});

import { describe, expect, it } from 'vitest';
import { isLookupPhoneValid, lookupPhone } from './lookup';

describe('my orders lookup phone', () => {
  it('needs at least 10 characters', () => {
    expect(isLookupPhoneValid('901234567')).toBe(false);
    expect(isLookupPhoneValid('  90123456  ')).toBe(false);
    expect(isLookupPhoneValid('9012345678')).toBe(true);
    expect(isLookupPhoneValid('+998901234567')).toBe(true);
  });
  it('sends the normalized number', () => {
    expect(lookupPhone('(90) 123-45-67')).toBe('+998901234567');
    expect(lookupPhone(' 12345abcdef ')).toBe('12345abcdef');
  });
});

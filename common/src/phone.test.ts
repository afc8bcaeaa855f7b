import { describe, expect, it } from 'vitest';
import { AUTH_PHONE_PATTERN, normalizePhone } from './phone.js';

describe('normalizePhone', () => {
  it.each([
    ['90 123-45-67', '+998901234567'],
    ['(90) 1234567', '+998901234567'],
    ['998901234567', '+998901234567'],
    ['+998 90 123 45 67', '+998901234567'],
    ['+998901234567', '+998901234567'],
    ['+998 (90) 123-45-67', '+998901234567'],
    ['901234567', '+998901234567'],
    ['  +998 33 987 65 43  ', '+998339876543'],
    ['99.123.45.67', '+998991234567'],
  ])('reads %j as %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each([
    [''],
    ['12345'],
    ['90123456'],
    ['9012345678'],
    ['+7 901 234 56 78'],
    ['997901234567'],
    ['+998 90 123 45 67 8'],
    ['90 123 45 6x'],
    ['<script>901234567</script>'],
    ['9'.repeat(41)],
  ])('refuses %j', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(normalizePhone(901234567 as unknown as string)).toBeNull();
  });
});

describe('AUTH_PHONE_PATTERN', () => {
  it('accepts exactly +998 and nine digits', () => {
    expect(AUTH_PHONE_PATTERN.test('+998901234567')).toBe(true);
    expect(AUTH_PHONE_PATTERN.test('998901234567')).toBe(false);
    expect(AUTH_PHONE_PATTERN.test('+99890123456')).toBe(false);
    expect(AUTH_PHONE_PATTERN.test('+9989012345678')).toBe(false);
    expect(AUTH_PHONE_PATTERN.test('+998 90 123 45 67')).toBe(false);
  });
});

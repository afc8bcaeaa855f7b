import { describe, expect, it } from 'vitest';
import { validateCheckout } from './validate-checkout';

const valid = { fullName: 'Aziz Karimov', phone: '+998 90 123 45 67' };

describe('validateCheckout', () => {
  it('accepts a name and a phone in any common format', () => {
    for (const phone of ['90 123-45-67', '(90) 1234567', '998901234567', '+998 90 123 45 67']) {
      expect(validateCheckout({ ...valid, phone })).toEqual({});
    }
  });
  it('requires the full name', () => {
    expect(validateCheckout({ ...valid, fullName: '   ' })).toEqual({
      fullName: 'checkout.errors.nameRequired',
    });
  });
  it('requires the phone', () => {
    expect(validateCheckout({ ...valid, phone: '' })).toEqual({ phone: 'checkout.errors.phoneRequired' });
  });
  it('rejects a phone with too few digits or letters', () => {
    expect(validateCheckout({ ...valid, phone: '90 123' })).toEqual({
      phone: 'checkout.errors.phoneInvalid',
    });
    expect(validateCheckout({ ...valid, phone: '90abc4567' })).toEqual({
      phone: 'checkout.errors.phoneInvalid',
    });
  });
  it('reports both fields at once', () => {
    expect(validateCheckout({ fullName: '', phone: '' })).toEqual({
      fullName: 'checkout.errors.nameRequired',
      phone: 'checkout.errors.phoneRequired',
    });
  });
});

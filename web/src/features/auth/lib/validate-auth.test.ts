import { describe, expect, it } from 'vitest';
import { validateLogin, validateSignup } from './validate-auth';

describe('validateLogin', () => {
  it('accepts +998 with 9 digits and a password', () => {
    expect(validateLogin({ phoneNumber: '+998901234567', password: 'x' })).toEqual({});
  });
  it('requires the phone and the password', () => {
    expect(validateLogin({ phoneNumber: '', password: '' })).toEqual({
      phoneNumber: 'auth.errors.phoneRequired',
      password: 'auth.errors.passwordRequired',
    });
  });
  it.each(['901234567', '+99890123456', '+9989012345678', '+998 90 123 45 67', '+997901234567'])(
    'rejects %s as not +998XXXXXXXXX',
    (phoneNumber) => {
      expect(validateLogin({ phoneNumber, password: 'secret1' }).phoneNumber).toBe('auth.errors.phoneFormat');
    },
  );
});

describe('validateSignup', () => {
  const valid = {
    fullName: 'Aziz',
    phoneNumber: '+998901234567',
    password: 'secret1',
    confirmPassword: 'secret1',
  };
  it('accepts a complete form', () => {
    expect(validateSignup(valid)).toEqual({});
  });
  it('requires the name', () => {
    expect(validateSignup({ ...valid, fullName: ' ' })).toEqual({ fullName: 'auth.errors.nameRequired' });
  });
  it('wants at least 6 characters of password', () => {
    expect(validateSignup({ ...valid, password: '12345', confirmPassword: '12345' })).toEqual({
      password: 'auth.errors.passwordShort',
    });
    expect(validateSignup({ ...valid, password: '123456', confirmPassword: '123456' })).toEqual({});
  });
  it('requires a matching confirmation', () => {
    expect(validateSignup({ ...valid, confirmPassword: '' })).toEqual({
      confirmPassword: 'auth.errors.confirmRequired',
    });
    expect(validateSignup({ ...valid, confirmPassword: 'secret2' })).toEqual({
      confirmPassword: 'auth.errors.passwordMismatch',
    });
  });
  it('checks the phone as login does', () => {
    expect(validateSignup({ ...valid, phoneNumber: '90 123 45 67' })).toEqual({
      phoneNumber: 'auth.errors.phoneFormat',
    });
  });
});

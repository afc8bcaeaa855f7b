import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { discountInputSchema, orderCreateSchema, signUpSchema } from '@shop/common';
import { issuesToFieldErrors, serverFieldErrors, validateWith } from './form-errors';

const keysOf = (errors: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, (error as { key: string }).key]));

describe('the one map from zod issues to words', () => {
  it('names the kind of each problem of the common schemas', () => {
    const result = signUpSchema.safeParse({ fullName: '  ', phoneNumber: '90 123 45 6', password: '123' });
    expect(result.success).toBe(false);
    expect(keysOf(issuesToFieldErrors(result.error!.issues))).toEqual({
      fullName: 'common:forms.required',
      phoneNumber: 'common:forms.phoneFormat',
      password: 'common:forms.tooShort',
    });
  });

  it("uses a form's own wording for a field and kind, and passes the limit", () => {
    const errors = issuesToFieldErrors(
      signUpSchema.safeParse({ fullName: 'A', phoneNumber: '+998901234567', password: '1' }).error!.issues,
      { password: { tooShort: 'auth.errors.passwordShort' } },
    );
    expect(errors.password).toEqual({ key: 'auth.errors.passwordShort', values: { limit: 6 } });
  });

  it('reads the kind a custom rule names, and maps nested paths to form fields', () => {
    const issues = discountInputSchema.safeParse({
      type: 'percentage',
      value: '150',
      startDate: '2026-02-02',
      endDate: '2026-02-01',
    }).error!.issues;
    expect(keysOf(issuesToFieldErrors(issues))).toEqual({
      value: 'common:forms.percentMax',
      endDate: 'common:forms.endBeforeStart',
    });
  });

  it('checks the checkout fields with the order schema: any common phone format passes', () => {
    const schema = orderCreateSchema.pick({ customerName: true, phoneNumber: true });
    for (const phone of ['90 123-45-67', '(90) 1234567', '998901234567', '+998 90 123 45 67']) {
      const checked = validateWith(schema, { customerName: 'Aziz', phoneNumber: phone });
      expect(checked).toEqual({ ok: true, data: { customerName: 'Aziz', phoneNumber: '+998901234567' } });
    }
    const bad = validateWith(schema, { customerName: '', phoneNumber: '' });
    expect(bad.ok || keysOf(bad.errors)).toEqual({
      customerName: 'common:forms.required',
      phoneNumber: 'common:forms.required',
    });
    const letters = validateWith(schema, { customerName: 'A', phoneNumber: '90abc4567' });
    expect(letters.ok || keysOf(letters.errors)).toEqual({ phoneNumber: 'common:forms.phoneFormat' });
  });

  it('words a wrong type and an unknown choice', () => {
    const schema = z.object({ role: z.enum(['admin', 'manager']), count: z.number() });
    expect(
      keysOf(
        issuesToFieldErrors(
          schema.safeParse({ role: 'boss', count: 'x' }, { reportInput: true }).error!.issues,
        ),
      ),
    ).toEqual({
      role: 'common:forms.choose',
      count: 'common:forms.number',
    });
  });
});

describe("the server's field errors", () => {
  it('land on the fields their paths name, the first per field, as the server wrote them', () => {
    const error = {
      status: 400,
      data: {
        code: 'VALIDATION_ERROR',
        errors: [
          { path: 'discounts.value', message: 'Too much' },
          { path: 'discounts.value', message: 'Second' },
          { path: 'name', message: 'Taken' },
          { path: 'unknown', message: 'Ignored' },
        ],
      },
    };
    const fieldOf = (path: readonly PropertyKey[]) =>
      path[0] === 'discounts' ? 'discountValue' : path[0] === 'name' ? 'name' : undefined;
    expect(serverFieldErrors(error, fieldOf)).toEqual({
      discountValue: { text: 'Too much' },
      name: { text: 'Taken' },
    });
    expect(serverFieldErrors(new Error('offline'))).toEqual({});
  });
});

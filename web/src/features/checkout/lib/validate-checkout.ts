import { normalizePhone } from '@shop/common';

export interface CheckoutValues {
  fullName: string;
  phone: string;
}

export type CheckoutErrors = Partial<Record<'fullName' | 'phone', string>>;

/** Checkout rules of spec §5; values are translation keys. Valid phones are those normalizePhone accepts. */
export function validateCheckout(values: CheckoutValues): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (!values.fullName.trim()) errors.fullName = 'checkout.errors.nameRequired';
  if (!values.phone.trim()) errors.phone = 'checkout.errors.phoneRequired';
  else if (!normalizePhone(values.phone)) errors.phone = 'checkout.errors.phoneInvalid';
  return errors;
}

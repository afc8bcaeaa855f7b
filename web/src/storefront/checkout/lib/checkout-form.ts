import { orderCreateSchema } from '@shop/common';
import { validateWith, type FieldWording } from '../../../lib/form-errors';
import type { StorefrontKey } from '../../../lib/translate';

export interface CheckoutValues {
  fullName: string;
  phone: string;
}
export type CheckoutField = keyof CheckoutValues;

/** The shopper's part of the order, checked by the server's own schema. */
const checkoutSchema = orderCreateSchema.pick({ customerName: true, phoneNumber: true });
const FIELD_OF_PATH: Record<string, CheckoutField> = { customerName: 'fullName', phoneNumber: 'phone' };
/** The form field a schema issue or a server error path names. */
export const checkoutFieldOf = (path: readonly PropertyKey[]) => FIELD_OF_PATH[String(path[0])];
const WORDING: FieldWording<CheckoutField, StorefrontKey> = {
  fullName: { required: 'checkout.errors.nameRequired' },
  phone: { required: 'checkout.errors.phoneRequired', phoneFormat: 'checkout.errors.phoneInvalid' },
};

/** The form's values as the order's customer fields (the phone normalized), or the fields' errors. */
export const checkCheckout = (values: CheckoutValues) =>
  validateWith(
    checkoutSchema,
    { customerName: values.fullName, phoneNumber: values.phone },
    WORDING,
    checkoutFieldOf,
  );

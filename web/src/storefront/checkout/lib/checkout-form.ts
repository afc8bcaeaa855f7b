import { orderCreateSchema } from '@shop/common';
import { validateWith, type FieldErrors, type FieldWording } from '../../../lib/form-errors';
import type { StorefrontKey } from '../../../lib/translate';
import {
  DELIVERY_WORDING,
  deliveryFieldOf,
  deliveryInput,
  type DeliveryField,
  type DeliveryValues,
} from './delivery-form';

export interface CheckoutValues {
  fullName: string;
  phone: string;
}
export type CheckoutField = keyof CheckoutValues | DeliveryField;

/** The shopper's part of the order and the delivery, checked by the server's own schema. */
const checkoutSchema = orderCreateSchema.pick({ customerName: true, phoneNumber: true, delivery: true });
const FIELD_OF_PATH: Record<string, CheckoutField> = { customerName: 'fullName', phoneNumber: 'phone' };
/** The form field a schema issue or a server error path names. */
export const checkoutFieldOf = (path: readonly PropertyKey[]): CheckoutField | undefined =>
  String(path[0]) === 'delivery' ? deliveryFieldOf(path) : FIELD_OF_PATH[String(path[0])];
const WORDING: FieldWording<CheckoutField, StorefrontKey> = {
  fullName: { required: 'checkout.errors.nameRequired' },
  phone: { required: 'checkout.errors.phoneRequired', phoneFormat: 'checkout.errors.phoneInvalid' },
  ...DELIVERY_WORDING,
};

export type CheckoutErrors = FieldErrors<CheckoutField, StorefrontKey>;

/** The form's values as the order's customer and delivery fields (the phone normalized), or the fields' errors. */
export const checkCheckout = (values: CheckoutValues, delivery: DeliveryValues, assemblyOffered: boolean) =>
  validateWith(
    checkoutSchema,
    {
      customerName: values.fullName,
      phoneNumber: values.phone,
      delivery: deliveryInput(delivery, assemblyOffered),
    },
    WORDING,
    checkoutFieldOf,
  );

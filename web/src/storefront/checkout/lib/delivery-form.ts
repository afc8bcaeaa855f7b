import { DEFAULT_REGION, type DeliveryMethod, type OrderDeliveryInput, type Region } from '@shop/common';
import type { FieldWording } from '../../../lib/form-errors';
import type { StorefrontKey } from '../../../lib/translate';

/** The delivery part of the checkout form; numbers stay text as the inputs give them. */
export interface DeliveryValues {
  method: DeliveryMethod;
  region: Region;
  street: string;
  house: string;
  apartment: string;
  landmark: string;
  floor: string;
  lift: boolean;
  date: string;
  slot: string;
  assembly: boolean;
}
export type DeliveryField =
  'region' | 'street' | 'house' | 'apartment' | 'landmark' | 'floor' | 'date' | 'slot';

/**
 * A new checkout starts as "agree by phone" (the shop's way before delivery was priced): three
 * choices and nothing else on a phone's screen; choosing the courier asks for what it needs.
 */
export const emptyDelivery = (region: Region = DEFAULT_REGION): DeliveryValues => ({
  method: 'arrange',
  region,
  street: '',
  house: '',
  apartment: '',
  landmark: '',
  floor: '1',
  lift: false,
  date: '',
  slot: '',
  assembly: false,
});

/** A floor as typed: a whole number, else NaN so the schema names the field. */
export const floorNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** What the order sends as `delivery`: only what the method needs. */
export function deliveryInput(values: DeliveryValues, assemblyOffered: boolean): OrderDeliveryInput {
  if (values.method !== 'courier') return { method: values.method };
  const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());
  return {
    method: 'courier',
    region: values.region,
    address: {
      street: values.street,
      house: values.house,
      apartment: optional(values.apartment),
      landmark: optional(values.landmark),
    },
    floor: floorNumber(values.floor),
    lift: values.lift,
    date: values.date || undefined,
    slot: values.slot || undefined,
    assembly: assemblyOffered && values.assembly,
  };
}

/** The field a schema issue or a server error (`delivery.address.street`) belongs to. */
export function deliveryFieldOf(path: readonly PropertyKey[]): DeliveryField | undefined {
  const parts = path.map(String);
  if (parts[0] === 'delivery') parts.shift();
  if (parts[0] === 'address') return (parts[1] as DeliveryField | undefined) ?? 'street';
  const field = parts[0] as DeliveryField | undefined;
  return field && ['region', 'floor', 'date', 'slot'].includes(field) ? field : undefined;
}

export const DELIVERY_WORDING: FieldWording<DeliveryField, StorefrontKey> = {
  street: { required: 'checkout.delivery.errors.streetRequired' },
  house: { required: 'checkout.delivery.errors.houseRequired' },
  floor: {
    number: 'checkout.delivery.errors.floorRange',
    tooSmall: 'checkout.delivery.errors.floorRange',
    tooBig: 'checkout.delivery.errors.floorRange',
    invalid: 'checkout.delivery.errors.floorRange',
  },
  date: { required: 'checkout.delivery.errors.dateRequired' },
  slot: { required: 'checkout.delivery.errors.slotRequired' },
};

import { describe, expect, it } from 'vitest';
import en from '../../locales/en/storefront.json';
import ru from '../../locales/ru/storefront.json';
import uz from '../../locales/uz/storefront.json';

/** The home page's reason to trust the payment must be what checkout offers, in every language. */
describe("the home page's payment promise", () => {
  it.each([
    ['en', en.home.why.payment.text, /card|no prepayment/i],
    ['ru', ru.home.why.payment.text, /карт|без предоплаты/i],
    ['uz', uz.home.why.payment.text, /karta|oldindan toʻlov shart emas/i],
  ])(
    '%s promises no card at the door and no "no prepayment" (invoices are paid in advance)',
    (_language, text, wrong) => {
      expect(text).not.toMatch(wrong);
    },
  );
});

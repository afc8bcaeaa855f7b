import { ADMIN, apiLogin, expect, test, uniquePhone } from '../fixtures';
import { findProductId, signInToBackOffice } from './admin-helpers';

/**
 * A school buys 30 chairs: it asks for a price on the product page, staff answer in Quotes, the
 * school accepts as an organisation, downloads the invoice, and staff record its bank transfer.
 */
test('a school orders 30 chairs through a quote, pays the invoice by transfer, staff record it', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, ADMIN.phone, ADMIN.password);
  const chairId = await findProductId(request, token, "O'quvchi stuli");
  const phone = uniquePhone();

  // The school asks for a price for more than one order may hold.
  await page.goto(`/product/${chairId}`);
  await page.getByRole('radio', { name: 'Green' }).check({ force: true });
  await page.getByRole('button', { name: 'Request a price' }).click();
  const ask = page.getByRole('dialog');
  await ask.getByLabel(/^Quantity:/).fill('30');
  await ask.getByLabel('Full name').fill('Dilnoza Karimova');
  await ask.getByLabel('Phone').fill(phone);
  await ask.getByLabel('Organisation (optional)').fill('School No. 12');
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(ask.getByTestId('quote-requested')).toBeVisible();
  await ask.getByRole('link', { name: 'Open my price request' }).click();
  await expect(page).toHaveURL(/\/quote\/[a-f0-9]+\?key=/);
  const quoteUrl = page.url();
  await expect(page.getByTestId('quote-status')).toHaveText('The shop is preparing a price.');

  // Staff answer with a unit price and a last day.
  await signInToBackOffice(page, ADMIN.phone, ADMIN.password);
  await page.goto('/admin/quotes');
  const card = page.getByTestId('quote-card').filter({ hasText: phone });
  await card.getByLabel("Unit price, so'm").fill('150000');
  await card.getByRole('button', { name: 'Send the answer' }).click();
  await expect(page.getByText('Answer sent; the buyer gets an SMS.')).toBeVisible();

  // The school accepts as an organisation: the order is placed at the quoted price.
  await page.goto(quoteUrl);
  await expect(page.getByTestId('quote-total')).toContainText('4 500 000');
  await page.getByLabel('I buy for an organisation').check();
  await page.getByLabel('Organisation name').fill('School No. 12');
  await page.getByLabel('STIR (TIN, 9 digits)').fill('12345');
  await expect(page.getByText('The STIR is 9 digits.')).toBeVisible();
  await page.getByLabel('STIR (TIN, 9 digits)').fill('207654321');
  await page.getByLabel('Bank account (20 digits)').fill('2021 2000 9001 2345 6789');
  await page.getByLabel('Bank MFO (5 digits)').fill('00440');
  await page.getByLabel('Bank', { exact: true }).fill('Uzmilliybank');
  await page.getByLabel('Legal address').fill('Tashkent, Mustaqillik 5');
  await page.getByLabel('Contact person').fill('Dilnoza Karimova');
  await page.getByRole('button', { name: 'Accept and place the order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?order=/);
  const orderId = new URL(page.url()).searchParams.get('order')!;
  await expect(page.getByTestId('order-total')).toContainText('4 500 000');

  // The invoice downloads as a PDF.
  const invoice = page.getByTestId('invoice-link');
  await expect(invoice).toContainText(/Download invoice № \d{4}-\d{6}/);
  const pdf = await request.get((await invoice.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Staff see the money arrive and record the transfer.
  await page.goto(`/admin/orders?order=${orderId}`);
  const panel = page.getByRole('dialog').getByTestId('order-payment-panel');
  await expect(panel.getByTestId('company-payment')).toContainText('207654321');
  const invoiceFile = page.waitForEvent('download');
  await panel.getByRole('button', { name: /^Invoice № \d{4}-\d{6} \(PDF\)$/ }).click();
  expect((await invoiceFile).suggestedFilename()).toMatch(/^invoice-\d{4}-\d{6}\.pdf$/);
  await panel.getByLabel('Payment reference').fill('PP-2026-77');
  await panel.getByRole('button', { name: 'Record transfer' }).click();
  await expect(page.getByText('Transfer recorded: the order is paid.')).toBeVisible();
  await expect(panel.getByTestId('bank-transfer')).toContainText('PP-2026-77');
});

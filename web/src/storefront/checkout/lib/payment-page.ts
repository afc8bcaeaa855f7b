/**
 * Leaves the shop for the provider's payment page (another site: a full page load, not a route).
 * Its own module so component tests can see where the shopper was sent.
 */
export function goToPaymentPage(url: string): void {
  window.location.assign(url);
}

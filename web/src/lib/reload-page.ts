/** Loads the page again from the server (its own module, so a test can watch it being asked). */
export function reloadPage(): void {
  window.location.reload();
}

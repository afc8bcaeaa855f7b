/** What app/tap-guard.js held while the page was not yet interactive. */
interface HeldTaps {
  taps: { kind: 'click' | 'submit'; target: Element }[];
  fields: Map<Element, { value: string; checked: boolean }>;
  /** Set once the app has taken over: the guard then lets everything through. */
  open: boolean;
}

declare global {
  interface Window {
    __earlyTaps?: HeldTaps;
  }
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const valueSetter = (field: Field) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;

/**
 * Hands a field's typed or picked value to the app, whose state holds the server's value. The field
 * is first given another value through its own setter, then the real one through the prototype's,
 * then an input event: React notices a change only when the DOM value differs from the one its
 * tracker last saw through the element's own setter, and Preact (what ships, decision 027) reads
 * the value in its input handler either way.
 */
function restoreField(field: Element, held: { value: string; checked: boolean }) {
  if (!field.isConnected) return;
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.type === 'radio' && !held.checked) return;
    field.checked = !held.checked;
    field.click();
    return;
  }
  if (field instanceof HTMLSelectElement) {
    valueSetter(field)?.call(field, held.value);
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
  field.value = held.value === '' ? ' ' : '';
  valueSetter(field)?.call(field, held.value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Carries out, once hydrated, what the shopper did before: fields first (a submit reads them),
 * then taps in order. A control tapped again while nothing happened counts once (an impatient
 * second tap on "add to cart" is not a second chair), unless it says `data-early-tap="each"`
 * (a quantity stepper); a form is submitted once.
 */
export async function replayEarlyTaps(held: HeldTaps | undefined = window.__earlyTaps): Promise<void> {
  if (!held) return;
  held.fields.forEach((value, field) => restoreField(field, value));
  held.fields.clear();
  // React renders what an event changed in a later microtask: each replayed step is rendered
  // before the next reads it (a submit reads the fields restored just before).
  await nextTask();
  const taps = held.taps.splice(0);
  held.open = true;
  const done = new Set<Element>();
  for (const { kind, target } of taps) {
    if (!target.isConnected) continue;
    const repeatable = kind === 'click' && target.getAttribute('data-early-tap') === 'each';
    if (done.has(target) && !repeatable) continue;
    done.add(target);
    if (kind === 'submit' && target instanceof HTMLFormElement) target.requestSubmit();
    else if (target instanceof HTMLElement) target.click();
    await nextTask();
  }
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

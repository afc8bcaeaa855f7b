import {
  Component,
  createElement,
  Fragment,
  lazy,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';

const nothing = () => null;

/** Every part's first request for its code, in the order the parts were defined. */
const loads: Promise<unknown>[] = [];

/** How long the page waits for a part's code before it goes on without it (a request left hanging). */
const PART_WAIT_MS = 15_000;

/**
 * Resolves once the code of every part defined so far has arrived (or failed) and the parts that
 * were waiting for it have been drawn: the page is then wholly hydrated (app/page-shell.tsx).
 */
export async function laterPartsLoaded(): Promise<void> {
  await Promise.race([
    Promise.allSettled(loads),
    new Promise((resolve) => setTimeout(resolve, PART_WAIT_MS)),
  ]);
  // The parts re-render in microtasks after their code arrives; a task later they are done.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

interface IdScopeProps {
  name: string;
  children?: ReactNode;
}

/**
 * Gives the part's `useId`s their own count. Preact numbers ids in the order components first
 * render under the nearest vnode with a count of its own (`__m`; the root's otherwise): a part whose
 * code arrives after the page has hydrated renders after everything else, where the server rendered
 * it in place, so its ids, and those after it, would differ from the server's. Counted here, they are
 * `P_{name}-0`, `P_{name}-1`, … on both sides, whenever the part renders.
 */
class IdScope extends Component<IdScopeProps> {
  private readonly count: [string, number] = [`_${this.props.name}`, 0];

  override render() {
    (this as unknown as { __v: { __m?: [string, number] } }).__v.__m = this.count;
    if (typeof window !== 'undefined') return this.props.children;
    // On the server, between the markers of a part that may wait (`<!--$s-->`): a browser that has
    // not got the part's code yet keeps exactly that range for it, whatever the part rendered.
    return [marker('$s'), this.props.children, marker('/$s')];
  }
}

/** An HTML comment in the server's output (preact-render-to-string writes this Fragment as one). */
export const marker = (text: string) =>
  createElement(Fragment, { key: text, ...({ UNSTABLE_comment: text } as object) });

/**
 * A part of a server-rendered page that hydrates after the rest, from its own chunk (not in the
 * page's first load, decision 010). Its code is asked for as soon as this is defined, with the app
 * in the browser (it arrives while the page hydrates instead of one round trip after hydration
 * reaches it) and when the server first loads the page's module; once it has arrived the part
 * renders at once (the server's pages then never wait for it). Such a part is never the page's
 * point: if its code cannot be had, it is left out, and the page stays (a failed import thrown on
 * took the whole page with it, to the router's error screen). `name` (a word, unique among the
 * parts) names its ids; a part is rendered once per page.
 */
export function laterPart<Props extends object>(
  name: string,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  let loaded: ComponentType<Props> | null = null;
  const early = load().then((part) => (loaded = part));
  // Handled when the part renders (below), not an unhandled rejection meanwhile.
  early.catch(() => undefined);
  loads.push(early);
  const Waiting = lazy(async () => {
    try {
      return { default: await early };
    } catch {
      // Once more: a phone's network drops a request now and then.
      return { default: await load().catch(() => nothing) };
    }
  });
  return function LaterPart(props: Props) {
    // Chosen once: a part that first waited keeps its lazy wrapper (another type would remount it).
    const [Part] = useState<ComponentType<Props>>(() => loaded ?? Waiting);
    return createElement(IdScope, { name }, createElement(Part, props));
  };
}

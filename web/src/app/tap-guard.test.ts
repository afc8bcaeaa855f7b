import guardSource from './tap-guard.js?raw';

type PaintCallback = (list: { getEntriesByName: (name: string) => unknown[] }) => void;

/** A stand-in for the browser's paint timing: the test says when the first content is painted. */
class FakePaintObserver {
  static last: FakePaintObserver | null = null;
  observed: unknown = null;
  disconnected = false;
  constructor(readonly callback: PaintCallback) {
    FakePaintObserver.last = this;
  }
  observe(options: unknown) {
    this.observed = options;
  }
  disconnect() {
    this.disconnected = true;
  }
  paint(name: string) {
    this.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  }
}

/** Runs tap-guard.js as the page's <head> runs it, its <script> carrying `modules`. */
function runGuard(modules: string | null) {
  const script = document.createElement('script');
  if (modules !== null) script.setAttribute('data-modules', modules);
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  new Function(guardSource)();
}

const preloads = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

describe('the tap guard asks for the app once the page has painted', () => {
  beforeEach(() => {
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    FakePaintObserver.last = null;
    document.head.innerHTML = '';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(document, 'currentScript');
  });

  it('adds a module preload per module at the first contentful paint, not before, and only once', () => {
    runGuard('/assets/hydrate-a.js /assets/app-b.js /assets/home-page-c.js');
    const observer = FakePaintObserver.last!;
    expect(observer.observed).toEqual({ type: 'paint', buffered: true });
    observer.paint('first-paint');
    expect(preloads()).toEqual([]);
    observer.paint('first-contentful-paint');
    expect(preloads()).toEqual(['/assets/hydrate-a.js', '/assets/app-b.js', '/assets/home-page-c.js']);
    expect(observer.disconnected).toBe(true);
  });

  it('asks for nothing when the page names no modules (the app then asks for them itself)', () => {
    runGuard(null);
    expect(FakePaintObserver.last).toBeNull();
    expect(preloads()).toEqual([]);
  });

  it('leaves the preloads to the app in a browser without paint timing', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    expect(() => runGuard('/assets/app-b.js')).not.toThrow();
    expect(preloads()).toEqual([]);
  });
});

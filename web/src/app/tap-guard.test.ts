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

/** A stand-in for animation frames: the test runs the next frame's callbacks. */
let frameCallbacks: (() => void)[] = [];
const nextFrame = () => {
  const due = frameCallbacks;
  frameCallbacks = [];
  due.forEach((callback) => callback());
};

/** Runs tap-guard.js as the page's <head> runs it, its <script> carrying `modules` (and `app`). */
function runGuard(modules: string | null, app?: string) {
  const script = document.createElement('script');
  if (modules !== null) script.setAttribute('data-modules', modules);
  if (app !== undefined) script.setAttribute('data-app', app);
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  new Function(guardSource)();
}

/** The page as parsed so far: its stylesheet (loaded or not) and, once parsed, its header. */
function parsedPage({ stylesheetIn, header }: { stylesheetIn: boolean; header: boolean }) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  Object.defineProperty(link, 'sheet', { value: stylesheetIn ? {} : null, configurable: true });
  document.head.querySelector('link[rel="stylesheet"]')?.remove();
  document.head.append(link);
  document.body.innerHTML = header
    ? '<div id="root"><header>Mebel Shop</header></div>'
    : '<div id="root"></div>';
}

const preloads = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

const lowPriorityPreloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')]
    .filter((link) => link.fetchPriority === 'low')
    .map((link) => link.getAttribute('href'));

describe("the tap guard asks for the page's modules: the app's at once, the rest at the paint", () => {
  beforeEach(() => {
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frameCallbacks.push(callback));
    FakePaintObserver.last = null;
    frameCallbacks = [];
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(document, 'currentScript');
    Reflect.deleteProperty(window, '__earlyTaps');
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
    nextFrame();
    nextFrame();
    expect(preloads()).toHaveLength(3);
  });

  it('asks a frame after the first frame that draws the content, if the paint timing is later', () => {
    parsedPage({ stylesheetIn: false, header: false });
    runGuard('/assets/hydrate-a.js /assets/app-b.js');
    nextFrame();
    nextFrame();
    expect(preloads(), 'no stylesheet yet: nothing is drawn').toEqual([]);
    parsedPage({ stylesheetIn: true, header: false });
    nextFrame();
    expect(preloads(), 'the header is not parsed yet').toEqual([]);
    parsedPage({ stylesheetIn: true, header: true });
    nextFrame();
    expect(preloads(), 'this frame draws the content: not during it').toEqual([]);
    nextFrame();
    expect(preloads()).toEqual(['/assets/hydrate-a.js', '/assets/app-b.js']);
    FakePaintObserver.last!.paint('first-contentful-paint');
    expect(preloads(), 'asked once').toHaveLength(2);
    expect(frameCallbacks).toEqual([]);
  });

  it('stops watching frames once the app has taken over, which then asks for what it needs', () => {
    runGuard('/assets/app-b.js');
    (window as unknown as { __earlyTaps: { open: boolean } }).__earlyTaps.open = true;
    nextFrame();
    parsedPage({ stylesheetIn: true, header: true });
    nextFrame();
    nextFrame();
    expect(frameCallbacks).toEqual([]);
    expect(preloads()).toEqual([]);
  });

  it('asks for nothing when the page names no modules (the app then asks for them itself)', () => {
    parsedPage({ stylesheetIn: true, header: true });
    runGuard(null);
    nextFrame();
    nextFrame();
    expect(FakePaintObserver.last).toBeNull();
    expect(preloads()).toEqual([]);
  });

  it('leaves the preloads to the frames, or to the app, in a browser without paint timing', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    expect(() => runGuard('/assets/app-b.js')).not.toThrow();
    nextFrame();
    expect(preloads()).toEqual([]);
    parsedPage({ stylesheetIn: true, header: true });
    nextFrame();
    nextFrame();
    expect(preloads()).toEqual(['/assets/app-b.js']);
  });

  it("asks for the app's own modules at once, at low priority, and for the page's at the paint", () => {
    runGuard(
      '/assets/hydrate-a.js /assets/app-b.js /assets/home-page-c.js',
      '/assets/hydrate-a.js /assets/app-b.js',
    );
    expect(preloads()).toEqual(['/assets/hydrate-a.js', '/assets/app-b.js']);
    expect(lowPriorityPreloads()).toEqual(['/assets/hydrate-a.js', '/assets/app-b.js']);
    parsedPage({ stylesheetIn: true, header: true });
    nextFrame();
    nextFrame();
    expect(preloads(), 'the app is not asked for twice').toEqual([
      '/assets/hydrate-a.js',
      '/assets/app-b.js',
      '/assets/home-page-c.js',
    ]);
    expect(lowPriorityPreloads()).toHaveLength(2);
  });
});

import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Link, MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HydrateWhenIdle, HydrateWhenSeen } from './hydrate-when-seen.tsx';
import { lazyPart, loadLazyPartsEagerly } from './lazy-part.ts';

/** A part with state and a handler, so it can be seen whether it has hydrated. */
function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((value) => value + 1)}>
      {label} {count}
    </button>
  );
}

function Address() {
  const location = useLocation();
  return <p data-testid="address">{`${location.pathname}${location.search}`}</p>;
}

function Page({ label }: { label: string }) {
  return (
    <MemoryRouter>
      <main>
        <Counter label="Top" />
        <Address />
        <Link to="/?page=2">Next page</Link>
        <HydrateWhenSeen>
          <Counter label={label} />
          <Link to="/">Home</Link>
        </HydrateWhenSeen>
      </main>
    </MemoryRouter>
  );
}

/** IntersectionObserver as the page's viewport decides; `enter` brings every observed part in. */
class FakeIntersectionObserver {
  static all: FakeIntersectionObserver[] = [];
  private targets: Element[] = [];
  private readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
    FakeIntersectionObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets = [];
  }
  static enter() {
    for (const observer of FakeIntersectionObserver.all) {
      const entries = observer.targets.map((target) => ({ target, isIntersecting: true }));
      if (entries.length > 0)
        observer.callback(entries as unknown as IntersectionObserverEntry[], observer as never);
    }
  }
}

const realObserver = globalThis.IntersectionObserver;
let root: Root | undefined;
let container: HTMLElement;

beforeEach(() => {
  FakeIntersectionObserver.all = [];
  globalThis.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  act(() => root?.unmount());
  container.remove();
  globalThis.IntersectionObserver = realObserver;
});

/** The page as the server renders it: where there is no document. */
function serverHtml(element: React.ReactElement): string {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'document');
  Object.defineProperty(globalThis, 'document', { value: undefined, configurable: true });
  try {
    return renderToString(element);
  } finally {
    if (descriptor) Object.defineProperty(globalThis, 'document', descriptor);
  }
}

async function hydrate(element: React.ReactElement) {
  container.innerHTML = serverHtml(element);
  await act(async () => {
    root = hydrateRoot(container, element);
  });
}

const button = (name: RegExp) =>
  [...container.querySelectorAll('button')].find((candidate) => name.test(candidate.textContent ?? ''))!;

describe('a part hydrated when seen', () => {
  it('keeps the server HTML, and hydrates once it comes near the viewport', async () => {
    await hydrate(<Page label="Below" />);
    expect(button(/Below/).textContent).toBe('Below 0');
    await act(async () => button(/Top/).click());
    expect(button(/Top/).textContent).toBe('Top 1');
    // Not hydrated yet: the server's HTML stays as it was until it is near the viewport.
    const server = button(/Below/);
    const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'));
    expect(hydrated(server)).toBe(false);

    await act(async () => FakeIntersectionObserver.enter());
    expect(button(/Below/)).toBe(server);
    expect(hydrated(server)).toBe(true);
    await act(async () => button(/Below/).click());
    expect(button(/Below/).textContent).toBe('Below 1');
  });

  it('hydrates when a pointer reaches it first', async () => {
    await hydrate(<Page label="Below" />);
    await act(async () => {
      button(/Below/).dispatchEvent(new Event('pointerover', { bubbles: true }));
    });
    await act(async () => button(/Below/).click());
    expect(button(/Below/).textContent).toBe('Below 1');
  });

  it('does not lose a click that reaches it first', async () => {
    await hydrate(<Page label="Below" />);
    await act(async () => button(/Below/).click());
    expect(button(/Below/).textContent).toBe('Below 1');
  });

  it('keeps the server HTML when the page around it renders again before it hydrates', async () => {
    await hydrate(<Page label="Below" />);
    await act(async () => root?.render(<Page label="Changed" />));
    // The waiting part is not rendered afresh (which would drop the server's HTML for nothing).
    expect(button(/Below/).textContent).toBe('Below 0');
    await act(async () => FakeIntersectionObserver.enter());
    expect(button(/Changed/).textContent).toBe('Changed 0');
  });

  it('lets a navigation complete while a part waits, and the part then works', async () => {
    await hydrate(<Page label="Below" />);
    const link = container.querySelector('a')!;
    await act(async () => link.click());
    const addresses = [...container.querySelectorAll('[data-testid="address"]')].map((p) => p.textContent);
    expect(addresses).toEqual(['/?page=2']);
    await act(async () => button(/Below/).click());
    expect(button(/Below/).textContent).toBe('Below 1');
  });

  it('is an ordinary part of a page rendered in the browser', async () => {
    const { createRoot } = await import('react-dom/client');
    root = createRoot(container);
    await act(async () => root?.render(<Page label="Below" />));
    await act(async () => button(/Below/).click());
    expect(button(/Below/).textContent).toBe('Below 1');
  });
});

describe('a part hydrated when the browser is idle, its code loaded then', () => {
  const idleTasks: (() => void)[] = [];
  const realIdle = globalThis.requestIdleCallback;
  const realCancel = globalThis.cancelIdleCallback;
  beforeEach(() => {
    idleTasks.length = 0;
    globalThis.requestIdleCallback = ((task: () => void) => idleTasks.push(task)) as never;
    globalThis.cancelIdleCallback = (() => undefined) as never;
  });
  afterEach(() => {
    // Unmounted while the fake is in place: the parts' cleanups cancel their idle tasks with it.
    act(() => root?.unmount());
    root = undefined;
    globalThis.requestIdleCallback = realIdle;
    globalThis.cancelIdleCallback = realCancel;
  });

  /** A lazy part whose code arrives when the test says so; `asked` counts the loads started. */
  function heldPart(component: typeof Counter = Counter) {
    const state = { asked: 0, arrive: () => {} };
    const arrived = new Promise<void>((resolve) => {
      state.arrive = resolve;
    });
    const part = lazyPart(async () => {
      state.asked += 1;
      await arrived;
      return component;
    });
    return { part, state };
  }

  function IdlePage({ search }: { search: React.ReactNode }) {
    return (
      <MemoryRouter>
        <Counter label="Top" />
        <HydrateWhenIdle>{search}</HydrateWhenIdle>
      </MemoryRouter>
    );
  }

  /** Server HTML of the part as it renders once loaded, hydrated with the lazy part in its place. */
  async function hydrateWith(part: ReturnType<typeof heldPart>['part'], component: typeof Counter = Counter) {
    const Server = component;
    container.innerHTML = serverHtml(<IdlePage search={<Server label="Search" />} />);
    await act(async () => {
      root = hydrateRoot(container, <IdlePage search={<part.Component label="Search" />} />);
    });
  }

  const hydratedElement = (element: Element) =>
    Object.keys(element).some((key) => key.startsWith('__reactFiber'));

  it('adds no box to the layout', () => {
    container.innerHTML = serverHtml(<IdlePage search={<Counter label="Search" />} />);
    const box = button(/Search/).parentElement as HTMLElement;
    expect(box.tagName).toBe('DIV');
    expect(box.className).toMatch(/contents/);
  });

  it('neither loads nor hydrates the part with the page, then does both once the browser is idle', async () => {
    const { part, state } = heldPart();
    await hydrateWith(part);
    const server = button(/Search/);
    expect(hydratedElement(button(/Top/))).toBe(true);
    expect(hydratedElement(server)).toBe(false);
    expect(state.asked).toBe(0);

    await act(async () => {
      for (const task of idleTasks.splice(0)) task();
    });
    expect(state.asked).toBe(1);
    expect(hydratedElement(server)).toBe(false);
    await act(async () => state.arrive());
    expect(button(/Search/)).toBe(server);
    expect(hydratedElement(server)).toBe(true);
    await act(async () => server.click());
    expect(server.textContent).toBe('Search 1');
  });

  it('starts loading as soon as the part is focused, before the browser is idle', async () => {
    const { part, state } = heldPart();
    await hydrateWith(part);
    await act(async () => {
      button(/Search/).dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    });
    expect(state.asked).toBe(1);
    await act(async () => state.arrive());
    expect(hydratedElement(button(/Search/))).toBe(true);
  });

  it('presses a button again once its code has arrived, when it was pressed before', async () => {
    const { part, state } = heldPart();
    await hydrateWith(part);
    const server = button(/Search/);
    await act(async () => {
      server.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      server.click();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(state.asked).toBe(1);
    expect(server.textContent).toBe('Search 0');
    await act(async () => state.arrive());
    // The press is given again a turn after the part commits: on a machine busy with other work
    // that can take longer than a few milliseconds, so the test waits for it (up to 2 s).
    const waitFor = async (ms: number) =>
      act(async () => {
        await new Promise((resolve) => setTimeout(resolve, ms));
      });
    for (let waited = 0; server.textContent === 'Search 0' && waited < 2000; waited += 10) await waitFor(10);
    expect(hydratedElement(server)).toBe(true);
    // Pressed once: not lost, and not twice (nor a moment later).
    expect(server.textContent).toBe('Search 1');
    await waitFor(50);
    expect(server.textContent).toBe('Search 1');
    await act(async () => server.click());
    expect(server.textContent).toBe('Search 2');
  });

  /** A form that works only through the app (no address of its own): it counts what it sent. */
  function SignUp({ label }: { label: string }) {
    const [sent, setSent] = useState(0);
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setSent((value) => value + 1);
        }}
      >
        <button type="submit">
          {label} sent {sent}
        </button>
      </form>
    );
  }

  /** Whether the browser would have made a submission itself: seen after every listener, then stopped. */
  function watchNativeSubmissions() {
    const native: boolean[] = [];
    const watch = (event: Event) => {
      native.push(!event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('submit', watch);
    return { native, stop: () => window.removeEventListener('submit', watch) };
  }

  it('holds a form submitted before its code arrived, and sends it once the part has hydrated', async () => {
    const { part, state } = heldPart(SignUp);
    await hydrateWith(part, SignUp);
    const submissions = watchNativeSubmissions();
    const server = button(/Search/);
    try {
      await act(async () => {
        server.click();
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      // Not left to the browser, which would load the page again with nothing sent.
      expect(submissions.native).toEqual([false]);
      expect(state.asked).toBe(1);
      expect(server.textContent).toBe('Search sent 0');
      await act(async () => state.arrive());
      for (let waited = 0; server.textContent === 'Search sent 0' && waited < 2000; waited += 10)
        await act(async () => {
          await new Promise((resolve) => setTimeout(resolve, 10));
        });
      expect(hydratedElement(server)).toBe(true);
      expect(server.textContent).toBe('Search sent 1');
      // Sent once, and the form then works as any other.
      await act(async () => server.click());
      expect(server.textContent).toBe('Search sent 2');
    } finally {
      submissions.stop();
      await act(async () => state.arrive());
    }
  });

  it('leaves a form with an address of its own to the browser before its code arrives', async () => {
    const { part, state } = heldPart(SignUp);
    await hydrateWith(part, SignUp);
    const submissions = watchNativeSubmissions();
    try {
      button(/Search/)
        .closest('form')!
        .setAttribute('action', '/search');
      await act(async () => button(/Search/).click());
      expect(submissions.native).toEqual([true]);
    } finally {
      submissions.stop();
      await act(async () => state.arrive());
    }
  });

  it('renders at once in a page rendered in the browser once parts load eagerly', async () => {
    const { part, state } = heldPart();
    const loading = loadLazyPartsEagerly();
    state.arrive();
    await loading;
    const { createRoot } = await import('react-dom/client');
    root = createRoot(container);
    // Rendered synchronously: no suspended first render, so nothing pops in later.
    act(() => root?.render(<IdlePage search={<part.Component label="Search" />} />));
    expect(button(/Search/).textContent).toBe('Search 0');
  });
});

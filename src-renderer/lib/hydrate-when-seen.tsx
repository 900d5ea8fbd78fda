import {
  type ReactNode,
  Suspense,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useLocation } from 'react-router';
import styles from './hydrate-when-seen.module.css';
import { whenIdle } from './idle.ts';
import { useHydrated } from './use-hydrated.ts';

/** How far outside the viewport a part starts hydrating, so it is ready before it scrolls in. */
const NEAR_VIEWPORT = '300px';

/** What opens a part early: a pointer over it, a press or touch, a keyboard focus inside it. */
const FIRST_USE_EVENTS = [
  'pointerover',
  'pointerdown',
  'mousedown',
  'touchstart',
  'focusin',
  'click',
] as const;

/** A promise React can read at once once settled (`status`), as it does with the thenables it tracks. */
type OpenedPromise = Promise<void> & { status?: string; value?: undefined };

interface Gate {
  promise: OpenedPromise;
  open: () => void;
}

function createGate(): Gate {
  let resolve = () => {};
  const promise: OpenedPromise = new Promise<void>((settle) => {
    resolve = settle;
  });
  const open = () => {
    // Marked settled before the promise's callbacks run: an input that opens the gate is handled by
    // React right after, and React hydrates the part synchronously when it can read it settled.
    promise.status = 'fulfilled';
    promise.value = undefined;
    resolve();
  };
  return { promise, open };
}

interface GatedProps {
  gate: Gate | null;
  /** Called as the part's hydration commits, before any later input is handled. */
  onCommitted: () => void;
  onHydrated: () => void;
  children: ReactNode;
}

function Gated({ gate, onCommitted, onHydrated, children }: GatedProps) {
  if (gate) use(gate.promise as Promise<void>);
  useLayoutEffect(() => onCommitted(), [onCommitted]);
  useEffect(() => onHydrated(), [onHydrated]);
  return children;
}

/** A press React could not take: a plain button (not a link or a form's submit, which work without it). */
const pressedButton = (event: Event, part: Element): HTMLElement | null => {
  if (event.type !== 'click' || !(event.target instanceof Element)) return null;
  const button = event.target.closest<HTMLElement>('button[type="button"]');
  return button && part.contains(button) ? button : null;
};

/**
 * A form React could not take: one with no address of its own, whose native submission would only
 * load the page again (with what was typed in its address). One with an `action` works without it.
 */
const appOnlyForm = (event: Event, part: Element): HTMLFormElement | null => {
  const form = event.target;
  return form instanceof HTMLFormElement && !form.hasAttribute('action') && part.contains(form) ? form : null;
};

/** A submission held until the part's code has arrived, then made again through the form. */
interface HeldSubmission {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

/** When a part waits to hydrate: until it comes near the viewport, or until the browser is first idle. */
type Until = 'seen' | 'idle';

function DeferredHydration({ children, until }: { children: ReactNode; until: Until }) {
  const hydrating = !useHydrated() && typeof document !== 'undefined';
  const [gate] = useState(() => (hydrating ? createGate() : null));
  // A navigation that keeps this part on screen (the same page at another address) would wait on
  // it, since a waiting part cannot take the new address: it hydrates within that navigation.
  const location = useLocation();
  const [firstLocation] = useState(location);
  if (gate && location !== firstLocation) gate.open();
  const [live, setLive] = useState(gate === null);
  const markLive = useCallback(() => setLive(true), []);
  // A button pressed while the part's code was still on its way: React drops that press, so it is
  // pressed again once the part has hydrated. Until then the part listens for first use.
  const committed = useRef(gate === null);
  const pressed = useRef<HTMLElement | null>(null);
  const submitted = useRef<HeldSubmission | null>(null);
  const stopListening = useRef<() => void>(() => {});
  const markCommitted = useCallback(() => {
    if (committed.current) return;
    committed.current = true;
    stopListening.current();
    const button = pressed.current;
    pressed.current = null;
    if (button) setTimeout(() => button.isConnected && button.click(), 0);
    const held = submitted.current;
    submitted.current = null;
    if (held)
      setTimeout(() => {
        if (!held.form.isConnected) return;
        const submitter = held.submitter?.isConnected ? held.submitter : null;
        held.form.requestSubmit(submitter);
      }, 0);
  }, []);
  // Until its part has hydrated, the boundary is given the very element of the first render: a
  // boundary still waiting that receives new props would be rendered afresh in the browser,
  // throwing the server's HTML away. Once hydrated, it follows the page like any other part.
  const [first] = useState(() => (
    <Suspense fallback={null}>
      <Gated gate={gate} onCommitted={markCommitted} onHydrated={markLive}>
        {children}
      </Gated>
    </Suspense>
  ));
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!gate) return;
    const stops: (() => void)[] = [];
    if (until === 'idle') stops.push(whenIdle(gate.open));
    else if (!element || typeof IntersectionObserver === 'undefined') {
      gate.open();
      return;
    } else {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) gate.open();
        },
        { rootMargin: NEAR_VIEWPORT },
      );
      observer.observe(element);
      stops.push(() => observer.disconnect());
    }
    // Heard on the window, before React: React holds back an input aimed at a part that has not
    // hydrated, so the part itself would never hear it.
    const open = (event: Event) => {
      if (!element || !(event.target instanceof Node) || !element.contains(event.target)) return;
      gate.open();
      const button = pressedButton(event, element);
      // Once React has had the press: if the part hydrated in time (its code was there), React took it.
      if (button)
        setTimeout(() => {
          if (!committed.current) pressed.current = button;
        }, 0);
    };
    // A form submitted while the part's code was on its way: React cannot take the submission, and
    // the browser's own would reload the page, so it is held and made again once the part hydrates.
    const hold = (event: Event) => {
      const form = element && !committed.current ? appOnlyForm(event, element) : null;
      if (!form) return;
      event.preventDefault();
      gate.open();
      const submission = { form, submitter: (event as SubmitEvent).submitter ?? null };
      // Once React has had it: if the part hydrated in time, React took the submission.
      setTimeout(() => {
        if (!committed.current) submitted.current = submission;
      }, 0);
    };
    for (const type of FIRST_USE_EVENTS)
      window.addEventListener(type, open, { capture: true, passive: true });
    window.addEventListener('submit', hold, { capture: true });
    stops.push(() => {
      for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, open, { capture: true });
      window.removeEventListener('submit', hold, { capture: true });
    });
    const stop = () => {
      for (const each of stops.splice(0)) each();
    };
    stopListening.current = stop;
    return stop;
  }, [gate, until]);

  return (
    <div ref={box} className={until === 'idle' ? styles.contents : undefined}>
      {live ? (
        <Suspense fallback={null}>
          <Gated gate={gate} onCommitted={markCommitted} onHydrated={markLive}>
            {children}
          </Gated>
        </Suspense>
      ) : (
        first
      )}
    </div>
  );
}

/**
 * A part of a server-rendered page below the first screen (more listing rows, the blocks further
 * down the home page, the footer). The server's HTML is there from the start, links and all; the
 * browser hydrates it when it comes near the viewport or is first pointed at, touched or focused,
 * rather than while the page starts, so a phone spends its first seconds on what the visitor sees.
 * React hydrates a part synchronously when an input reaches it first and its code is there, so no
 * click is lost. Rendered in the browser (a later navigation, the desktop client), it is an
 * ordinary part of the page. Its code may be a `lazyPart`, fetched only when the part hydrates.
 */
export function HydrateWhenSeen({ children }: { children: ReactNode }) {
  return <DeferredHydration until="seen">{children}</DeferredHydration>;
}

/**
 * A part on the first screen that the page can do without for its first moments: the header's
 * search (a plain form that submits without it), the menu's panels, the alert banner. It hydrates
 * when the browser is first idle after the page has, or at once when it is pointed at, touched or
 * focused; its code (a `lazyPart`) is fetched only then. It adds no box to the layout.
 */
export function HydrateWhenIdle({ children }: { children: ReactNode }) {
  return <DeferredHydration until="idle">{children}</DeferredHydration>;
}

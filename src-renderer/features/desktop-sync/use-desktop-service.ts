import { useCallback, useEffect, useRef, useState } from 'react';

/** A desktop service the renderer reads: the current state, and its changes as events. */
export interface WatchableService<T> {
  read(): Promise<T>;
  onChange(listener: (value: T) => void): () => void;
}

export interface DesktopServiceView<T> {
  /** Null until the first answer (or event) arrives. */
  value: T | null;
  /** True when the first read failed and no event has come since. */
  loadFailed: boolean;
  reload(): void;
  /**
   * Runs an action of the service. Its answer, when it is the new state, is shown at once; on null
   * the state is read again, unless an event brought a newer one meanwhile.
   */
  run(name: string, action: () => Promise<T | null>, failure: string): Promise<void>;
  /** The action under way, by name (buttons show it and wait). */
  busy: string | null;
  /** What failed in the last action (the caller's sentence); cleared by the next. */
  actionError: string | null;
}

/**
 * Follows a main-process service: subscribes to its change events first, then reads it once, so no
 * change is missed and an event newer than the read always wins.
 */
export function useDesktopService<T>(service: WatchableService<T> | null): DesktopServiceView<T> {
  const [value, setValue] = useState<T | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  // Counts the events received: a read started before the latest event is out of date.
  const eventsSeen = useRef(0);
  const serviceRef = useRef(service);
  serviceRef.current = service;

  useEffect(() => {
    if (!service) return;
    let live = true;
    const unsubscribe = service.onChange((next) => {
      eventsSeen.current += 1;
      if (!live) return;
      setLoadFailed(false);
      setValue(next);
    });
    const seenAtStart = eventsSeen.current;
    // `attempt` re-runs this effect when the dealer asks to try again.
    void attempt;
    service
      .read()
      .then((next) => {
        if (live && eventsSeen.current === seenAtStart) {
          setLoadFailed(false);
          setValue(next);
        }
      })
      .catch(() => {
        if (live && eventsSeen.current === seenAtStart) setLoadFailed(true);
      });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [service, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);

  const run = useCallback(async (name: string, action: () => Promise<T | null>, failure: string) => {
    const current = serviceRef.current;
    if (!current) return;
    setBusy(name);
    setActionError(null);
    try {
      const answer = await action();
      if (answer !== null) {
        setValue(answer);
      } else {
        const seen = eventsSeen.current;
        const next = await current.read();
        if (eventsSeen.current === seen) setValue(next);
      }
    } catch {
      // The IPC error's text is for developers; the dealer gets a sentence that says what failed.
      setActionError(failure);
    } finally {
      setBusy(null);
    }
  }, []);

  return { value, loadFailed, reload, run, busy, actionError };
}

import { useMemo } from 'react';
import type { OutboxControl, OutboxSnapshot } from '../../lib/platform/platform.ts';
import { usePlatform } from '../../lib/platform/platform-context.tsx';
import { type DesktopServiceView, useDesktopService } from './use-desktop-service.ts';

/** The offline outbox as the renderer shows it; `control` is null on the web (no outbox there). */
export function useOutbox(): DesktopServiceView<OutboxSnapshot> & { control: OutboxControl | null } {
  const control = usePlatform().outbox;
  const service = useMemo(
    () => (control ? { read: () => control.list(), onChange: control.onChange.bind(control) } : null),
    [control],
  );
  return { ...useDesktopService<OutboxSnapshot>(service), control };
}

/** Actions still to be sent, and those held for the dealer (a conflict or a refusal). */
export function outboxCounts(snapshot: OutboxSnapshot | null): { waiting: number; held: number } {
  const items = snapshot?.items ?? [];
  return { waiting: items.length, held: items.filter((item) => item.state !== 'pending').length };
}

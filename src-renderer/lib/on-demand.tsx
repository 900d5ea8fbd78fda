import { type ComponentType, type JSX, useState } from 'react';
import { deferredModule } from './deferred-module.ts';

/**
 * A dialog a page offers but few visitors open (make an offer, contact the seller, save a search):
 * its code (the dialog primitives, the form and the rules it checks with) loads when it is first
 * opened, not with the page. Nothing is rendered until then; once opened it stays mounted, so what
 * was typed is still there when it is opened again.
 */
export interface OnDemand<Props extends { open: boolean }> {
  Component: ComponentType<Props>;
  /** Starts loading the code (a pointer over the button, tests). */
  preload: () => Promise<unknown>;
}

export function onDemand<Props extends { open: boolean }>(
  load: () => Promise<ComponentType<Props>>,
): OnDemand<Props> {
  const code = deferredModule(load);
  function Component(props: Props) {
    const [wanted, setWanted] = useState(props.open);
    if (props.open && !wanted) setWanted(true);
    // Once loaded (by an earlier opening or a preload), it renders at once.
    const Loaded = code.useModule(wanted);
    return Loaded ? <Loaded {...(props as Props & JSX.IntrinsicAttributes)} /> : null;
  }
  return { Component, preload: code.preload };
}

import { describe, expect, it, vi } from 'vitest';
import { createAppNavigator } from '../../src-main/app-navigator.ts';

describe('app navigator', () => {
  it('keeps a path that arrives before the window, for the window to open at', () => {
    const onKept = vi.fn();
    const navigator = createAppNavigator({ onKept });
    navigator.navigate('/listing?p=1');
    navigator.navigate('/listing?p=123');
    expect(onKept).toHaveBeenCalledTimes(2);
    expect(navigator.takePending()).toBe('/listing?p=123');
    expect(navigator.takePending()).toBeNull();
  });

  it('delivers a kept path once the page has loaded, then delivers directly', () => {
    const navigator = createAppNavigator();
    const deliver = vi.fn();
    navigator.navigate('/dashboard/messages/inbox');
    navigator.attach(deliver);
    expect(deliver).toHaveBeenCalledWith('/dashboard/messages/inbox');
    navigator.navigate('/cart/view');
    expect(deliver).toHaveBeenLastCalledWith('/cart/view');
    expect(navigator.takePending()).toBeNull();
  });

  it('keeps paths again while the page reloads or after the window closed', () => {
    const navigator = createAppNavigator();
    const first = vi.fn();
    navigator.attach(first);
    navigator.detach();
    navigator.navigate('/ffl');
    expect(first).not.toHaveBeenCalled();
    const second = vi.fn();
    navigator.attach(second);
    expect(second).toHaveBeenCalledWith('/ffl');
  });
});

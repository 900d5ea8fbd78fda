import { screen, waitFor } from '@testing-library/react';

/**
 * The one status message on screen. The app shell keeps polite live regions of its own (empty until
 * they have something to say), so a screen's status is the status region that holds text.
 */
export function findStatus(): Promise<HTMLElement> {
  return waitFor(() => {
    const shown = screen.getAllByRole('status').filter((element) => element.textContent?.trim());
    if (shown.length !== 1) throw new Error(`Expected one status message on screen, found ${shown.length}.`);
    return shown[0] as HTMLElement;
  });
}

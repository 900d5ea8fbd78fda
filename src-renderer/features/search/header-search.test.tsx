import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FetchFunction } from '../../lib/api-client.ts';
import { jsonResponse } from '../../testing/fake-fetch.ts';
import { renderWithRouter } from '../../testing/render-with-router.tsx';
import { HeaderSearch } from './header-search.tsx';

const SUMMARY = {
  querySummary: { '1911': 40, 'Sig Sauer P365': 10, 'Glock 19': 120, Glock: 300 },
  topFamily: { id: 18, key: 'SemiAutoPistols', name: 'Other/Semi Auto/Single Shot Pistols' },
};

interface Call {
  query: string | null;
  signal: AbortSignal | undefined;
}

/** Answers suggestions with `answer`; records each call's text and abort signal. */
function suggestionsFetch(answer: unknown = SUMMARY): FetchFunction & { calls: Call[] } {
  const calls: Call[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    calls.push({
      query: new URL(url, 'http://localhost').searchParams.get('query'),
      signal: init.signal ?? undefined,
    });
    return jsonResponse(answer);
  };
  return Object.assign(fetch, { calls });
}

const input = () =>
  screen.getByRole('combobox', { name: /^Search (listings|articles)$/ }) as HTMLInputElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

// The API client loads the contract with its first call; loaded beforehand, the fake-timer tests
// below time the typing pause only, not the module load.
beforeAll(async () => {
  await (await import('../../lib/api-contract.ts')).loadAllEndpoints();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('header search bar', () => {
  it('asks for suggestions only after a 500 ms pause, for text longer than 2 characters', async () => {
    vi.useFakeTimers();
    const fetch = suggestionsFetch();
    renderWithRouter(<HeaderSearch />, { fetch });
    input().focus();

    type('gl');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fetch.calls).toHaveLength(0);

    type('glo');
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(fetch.calls).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetch.calls.map((call) => call.query)).toEqual(['glo']);
  });

  it('aborts the request of text the user has typed past', async () => {
    vi.useFakeTimers();
    const fetch = suggestionsFetch();
    renderWithRouter(<HeaderSearch />, { fetch });
    input().focus();
    type('glo');
    await act(() => vi.advanceTimersByTimeAsync(500));
    type('gloc');
    expect(fetch.calls[0]?.signal?.aborted).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(fetch.calls.map((call) => call.query)).toEqual(['glo', 'gloc']);
  });

  it('lists exact matches first, the family refinement under the top one, then the other searches', async () => {
    renderWithRouter(<HeaderSearch />, { fetch: suggestionsFetch() });
    input().focus();
    type('glo');

    const listbox = await screen.findByRole('listbox', {}, { timeout: 2000 });
    const options = within(listbox)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'Glock, 300 listings',
      'Glock in Other/Semi Auto/Single Shot Pistols',
      'Glock 19, 120 listings',
      '1911, 40 listings',
      'Sig Sauer P365, 10 listings',
    ]);
    expect(screen.getByRole('group', { name: 'Other searches you may want to try' })).toBeTruthy();
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(input().getAttribute('aria-controls')).toBe(listbox.id);
  });

  it('announces how many suggestions there are', async () => {
    const { container } = renderWithRouter(<HeaderSearch />, { fetch: suggestionsFetch() });
    input().focus();
    type('glo');
    await screen.findByRole('listbox', {}, { timeout: 2000 });
    expect(container.querySelector('[aria-live="polite"]')?.textContent).toMatch(/^5 suggestions available/);
  });

  it('is driven by the keyboard: arrows move, Enter picks, Escape closes', async () => {
    const { location } = renderWithRouter(<HeaderSearch />, { fetch: suggestionsFetch() });
    input().focus();
    type('glo');
    const listbox = await screen.findByRole('listbox', {}, { timeout: 2000 });
    const options = within(listbox).getAllByRole('option');

    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    const [first, second] = options;
    expect(input().getAttribute('aria-activedescendant')).toBe(first?.id);
    expect(first?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(input().getAttribute('aria-activedescendant')).toBe(second?.id);
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(input().getAttribute('aria-activedescendant')).toBe(options.at(-1)?.id);

    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().hasAttribute('aria-activedescendant')).toBe(false);

    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.submit(input().closest('form') as HTMLFormElement);
    await waitFor(() => expect(location()).toBe('/search?keyword=Glock'));
  });

  it('refines the top suggestion by its family', async () => {
    const { location } = renderWithRouter(<HeaderSearch />, { fetch: suggestionsFetch() });
    input().focus();
    type('glo');
    fireEvent.click(await screen.findByRole('option', { name: /in Other\/Semi Auto/ }, { timeout: 2000 }));
    await waitFor(() => expect(location()).toBe('/search?keyword=Glock&familyIDs=18'));
  });

  it('says so when nothing matches', async () => {
    const { container } = renderWithRouter(<HeaderSearch />, {
      fetch: suggestionsFetch({ querySummary: {}, topFamily: null }),
    });
    input().focus();
    type('xyzzy');
    const message = 'No results found for "xyzzy", try a different search.';
    await waitFor(() => expect(container.querySelector('[data-empty]')?.textContent).toBe(message), {
      timeout: 2000,
    });
    expect(container.querySelector('[aria-live="polite"]')?.textContent).toBe(message);
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('runs the typed search with Enter and takes its text from the keyword of the address', async () => {
    const { location, router } = renderWithRouter(<HeaderSearch />, { url: '/search?keyword=ruger' });
    expect(input().value).toBe('ruger');
    type('  sig p365 ');
    fireEvent.submit(input().closest('form') as HTMLFormElement);
    await waitFor(() => expect(location()).toBe('/search?keyword=sig%20p365'));
    expect(input().value).toBe('sig p365');
    await act(() => router.navigate('/'));
    expect(input().value).toBe('');
  });

  it('switches to articles: its placeholder, and the digest search with s', async () => {
    const { location } = renderWithRouter(<HeaderSearch />);
    expect(input().placeholder).toBe('Search by manufacturer, model, or upc');
    fireEvent.change(screen.getByLabelText('Search in'), { target: { value: 'articles' } });
    expect(input().placeholder).toBe('Search reviews/news by mfg, model, or subject');
    type('glock 19 review');
    fireEvent.submit(input().closest('form') as HTMLFormElement);
    await waitFor(() => expect(location()).toBe('/digest?s=glock%2019%20review'));
  });

  it('empties with the clear button', () => {
    renderWithRouter(<HeaderSearch />, { url: '/search?keyword=ruger' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input().value).toBe('');
    expect(document.activeElement).toBe(input());
  });
});

import { Search, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { CategoryFamilyId } from '../../../shared/domain/category.ts';
import {
  noSuggestionsMessage,
  OTHER_SUGGESTIONS_HEADING,
  orderSuggestions,
} from '../../../shared/domain/suggestions.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { getParamIgnoreCase } from '../../../shared/routes/query.ts';
import { parseSearchParams } from '../../../shared/search/search-url.ts';
import { useListingsSuggestions } from './api/use-listings-suggestions.ts';
import styles from './header-search.module.css';

export type SearchMode = 'forSale' | 'articles';

export const SEARCH_PLACEHOLDERS: Readonly<Record<SearchMode, string>> = {
  forSale: 'Search by manufacturer, model, or upc',
  articles: 'Search reviews/news by mfg, model, or subject',
};

interface SuggestionOption {
  id: string;
  text: string;
  count?: number;
  /** Whether more listings match than were counted ("1,000+"). */
  capped?: boolean;
  /** The 'in {family}' refinement of the top suggestion. */
  family?: { id: CategoryFamilyId; name: string };
  group: 'exact' | 'other';
}

/** The text and mode the URL carries: `keyword` for listings, `s` for articles. */
function textFromUrl(search: string): { text: string; mode?: SearchMode } {
  const keyword = parseSearchParams(search).keyword;
  if (keyword) return { text: keyword, mode: 'forSale' };
  const s = getParamIgnoreCase(new URLSearchParams(search), 's')?.trim();
  return s ? { text: s, mode: 'articles' } : { text: '' };
}

/**
 * The header search bar: For Sale / Articles, suggestions as an ARIA combobox with a
 * listbox, the 'in {family}' refinement on the top suggestion, and a live region with counts.
 */
export function HeaderSearch() {
  const location = useLocation();
  const navigate = useNavigate();
  const baseId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<SearchMode>(() => textFromUrl(location.search).mode ?? 'forSale');
  const [text, setText] = useState(() => textFromUrl(location.search).text);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);

  // The text follows the address: a search page shows its keyword, other pages an empty box.
  const [syncedSearch, setSyncedSearch] = useState(location.search);
  if (syncedSearch !== location.search) {
    setSyncedSearch(location.search);
    const fromUrl = textFromUrl(location.search);
    setText(fromUrl.text);
    if (fromUrl.mode) setMode(fromUrl.mode);
    setOpen(false);
    setActiveIndex(-1);
  }

  // On a server-rendered page the bar hydrates after the page (see app-layout): what was typed or
  // chosen before it did is taken up, and suggestions open for a box that has the focus.
  const selectRef = useRef<HTMLSelectElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, from the hydrated elements
  useLayoutEffect(() => {
    const input = inputRef.current;
    const typed = input?.value ?? '';
    const chosen = selectRef.current?.value;
    if (chosen === 'forSale' || chosen === 'articles') setMode(chosen);
    if (typed !== text) setText(typed);
    if (input && document.activeElement === input) setOpen(true);
  }, []);

  const { suggestions, options, listboxId, showEmpty, expanded, active, announcement } = useSuggestionOptions(
    text,
    mode,
    open,
    activeIndex,
    baseId,
  );

  const close = () => {
    setOpen(false);
    setActiveIndex(-1);
  };

  const runSearch = (keyword: string, familyId?: CategoryFamilyId) => {
    const trimmed = keyword.trim();
    close();
    if (mode === 'articles') {
      navigate(trimmed ? paths.digestSearch(trimmed) : paths.digest());
      return;
    }
    setText(trimmed);
    navigate(paths.search({ keyword: trimmed || undefined, familyIDs: familyId ? [familyId] : undefined }));
  };

  const choose = (option: SuggestionOption) => runSearch(option.text, option.family?.id);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (active) choose(active);
    else runSearch(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        if (!open) setOpen(true);
        if (options.length === 0) return;
        if (!open) {
          setActiveIndex(step === 1 ? 0 : options.length - 1);
          return;
        }
        setActiveIndex((index) =>
          index === -1
            ? step === 1
              ? 0
              : options.length - 1
            : (index + step + options.length) % options.length,
        );
        return;
      }
      case 'Escape':
        if (open && (options.length > 0 || showEmpty)) {
          event.preventDefault();
          close();
        } else if (text !== '') {
          event.preventDefault();
          setText('');
        }
        return;
      case 'Tab':
        close();
        return;
      default:
        return;
    }
  };

  const renderOption = (option: SuggestionOption, index: number) => (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (aria-activedescendant)
    <div
      key={option.id}
      id={option.id}
      role="option"
      tabIndex={-1}
      aria-selected={index === activeIndex}
      className={styles.option}
      data-refinement={option.family ? '' : undefined}
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={() => setActiveIndex(index)}
      onClick={() => choose(option)}
    >
      {option.family ? (
        <span>
          <span className={styles.refinementText}>{option.text}</span> in {option.family.name}
        </span>
      ) : (
        <span>{option.text}</span>
      )}
      {option.count !== undefined ? (
        <span className={styles.count} data-numeric="">
          <span className="visually-hidden">, </span>
          {option.count.toLocaleString('en-US')}
          {option.capped ? '+' : ''}
          <span className="visually-hidden"> listings</span>
        </span>
      ) : null}
    </div>
  );

  const exactOptions = options.filter((option) => option.group === 'exact');
  const otherOptions = options.filter((option) => option.group === 'other');
  const headingId = `${baseId}-other-heading`;

  return (
    // Before the app runs (a server-rendered page still hydrating), the form searches by itself.
    // biome-ignore lint/a11y/useSemanticElements: a search landmark on the form itself
    <form
      role="search"
      aria-label="Site"
      className={styles.form}
      action={paths.search()}
      method="get"
      onSubmit={onSubmit}
    >
      <label htmlFor={`${baseId}-mode`} className="visually-hidden">
        Search in
      </label>
      <select
        ref={selectRef}
        id={`${baseId}-mode`}
        className={styles.mode}
        value={mode}
        onChange={(event) => {
          setMode(event.target.value as SearchMode);
          close();
        }}
      >
        <option value="forSale">For Sale</option>
        <option value="articles">Articles</option>
      </select>
      <div className={styles.field}>
        <input
          ref={inputRef}
          type="text"
          role="combobox"
          className={styles.input}
          name="keyword"
          aria-label={mode === 'forSale' ? 'Search listings' : 'Search articles'}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={active?.id}
          placeholder={SEARCH_PLACEHOLDERS[mode]}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActiveIndex(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
        />
        {text !== '' ? (
          <button
            type="button"
            className={styles.clear}
            aria-label="Clear search"
            title="Clear search"
            onClick={() => {
              setText('');
              close();
              inputRef.current?.focus();
            }}
          >
            <X size={18} aria-hidden="true" />
          </button>
        ) : null}
        <div
          id={listboxId}
          role="listbox"
          aria-label="Search suggestions"
          className={styles.popup}
          hidden={!expanded}
        >
          {exactOptions.map((option) => renderOption(option, options.indexOf(option)))}
          {otherOptions.length > 0 ? (
            // biome-ignore lint/a11y/useSemanticElements: an ARIA listbox groups its options with role=group
            <div role="group" aria-labelledby={headingId}>
              <div id={headingId} className={styles.groupHeading}>
                {OTHER_SUGGESTIONS_HEADING}
              </div>
              {otherOptions.map((option) => renderOption(option, options.indexOf(option)))}
            </div>
          ) : null}
        </div>
        {showEmpty && suggestions ? (
          <p className={styles.popup} data-empty="">
            {noSuggestionsMessage(suggestions.query)}
          </p>
        ) : null}
      </div>
      <button type="submit" className={styles.submit} aria-label="Search" title="Search">
        <Search size={18} aria-hidden="true" />
      </button>
      <div aria-live="polite" aria-atomic="true" className="visually-hidden">
        {announcement}
      </div>
    </form>
  );
}

/** The suggestions for what is typed, as the options of the listbox, and what a screen reader hears of them. */
function useSuggestionOptions(
  text: string,
  mode: SearchMode,
  open: boolean,
  activeIndex: number,
  baseId: string,
) {
  const suggestions = useListingsSuggestions(text, mode === 'forSale', open);
  const options = useMemo<SuggestionOption[]>(() => {
    if (!suggestions) return [];
    const { exact, other } = orderSuggestions(
      suggestions.query,
      suggestions.data.querySummary,
      suggestions.data.countsCapped,
    );
    const list: SuggestionOption[] = [
      ...exact.map((s) => ({ ...s, group: 'exact' as const, id: '' })),
      ...other.map((s) => ({ ...s, group: 'other' as const, id: '' })),
    ];
    const top = list[0];
    const family = suggestions.data.topFamily;
    if (top && family) list.splice(1, 0, { text: top.text, family, group: top.group, id: '' });
    return list.map((option, index) => ({ ...option, id: `${baseId}-option-${index}` }));
  }, [suggestions, baseId]);

  const listboxId = `${baseId}-listbox`;
  const showEmpty = open && suggestions !== null && options.length === 0;
  const expanded = open && options.length > 0;
  const active = expanded ? options[activeIndex] : undefined;

  const announcement =
    !open || !suggestions
      ? ''
      : options.length === 0
        ? noSuggestionsMessage(suggestions.query)
        : `${options.length} ${options.length === 1 ? 'suggestion' : 'suggestions'} available. Use the up and down arrows to choose.`;

  return { suggestions, options, listboxId, showEmpty, expanded, active, announcement };
}

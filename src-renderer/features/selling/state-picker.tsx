import { useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SHIP_TO_REGIONS } from '../../../shared/domain/us-states.ts';
import { Button } from '../../ui/button.tsx';
import { FieldError } from '../../ui/form-field.tsx';
import styles from './state-picker.module.css';

export interface StatePickerProps {
  legend: string;
  help: string;
  selected: readonly string[];
  register: UseFormRegisterReturn;
  onSetAll: (codes: string[]) => void;
  error?: string | undefined;
}

/** Several US states as a group of checkboxes with a filter: every state reachable by keyboard and screen reader. */
export function StatePicker({ legend, help, selected, register, onSetAll, error }: StatePickerProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const wanted = filter.trim().toLowerCase();
  const isShown = (state: (typeof SHIP_TO_REGIONS)[number]) =>
    wanted === '' || state.name.toLowerCase().includes(wanted) || state.code.toLowerCase() === wanted;
  const chosenNames = SHIP_TO_REGIONS.filter((state) => selected.includes(state.code)).map(
    (state) => state.name,
  );
  return (
    <fieldset
      className={styles.picker}
      aria-describedby={[`${id}-help`, `${id}-summary`, error ? `${id}-error` : null]
        .filter(Boolean)
        .join(' ')}
    >
      <legend className={styles.legend}>{legend}</legend>
      <p id={`${id}-help`} className={styles.help}>
        {help}
      </p>
      <div className={styles.tools}>
        <label htmlFor={`${id}-filter`} className={styles.filterLabel}>
          Find a state
        </label>
        <input
          id={`${id}-filter`}
          className={styles.filter}
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
        <Button variant="ghost" size="sm" onClick={() => onSetAll([])} disabled={selected.length === 0}>
          Clear all
        </Button>
      </div>
      <p id={`${id}-summary`} className={styles.summary} aria-live="polite">
        {chosenNames.length === 0
          ? 'No states excluded.'
          : `${chosenNames.length} excluded: ${chosenNames.join(', ')}.`}
      </p>
      <div className={styles.grid}>
        {SHIP_TO_REGIONS.map((state) => (
          <label key={state.code} className={styles.option} hidden={!isShown(state)}>
            <input type="checkbox" value={state.code} {...register} />
            <span>
              {state.name} ({state.code})
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}

import { DISTANCES, LISTED_WITHIN_DAYS } from './search-options.ts';

/** The 'Within' choices of a search form's distance select. */
export function DistanceOptions() {
  return DISTANCES.map((miles) => (
    <option key={miles} value={miles}>
      {miles} miles
    </option>
  ));
}

/** The 'Listed within' choices, 'Any time' first. */
export function ListedWithinOptions() {
  return (
    <>
      <option value="">Any time</option>
      {LISTED_WITHIN_DAYS.map((days) => (
        <option key={days} value={days}>
          {days === 1 ? 'The last day' : `The last ${days} days`}
        </option>
      ))}
    </>
  );
}

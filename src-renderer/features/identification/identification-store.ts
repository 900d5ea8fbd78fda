// Must run before the contract's schemas check a stored value.
import '../../zod-config.ts';
import { useAtom } from 'jotai';
import { atomWithStorage, createJSONStorage, RESET } from 'jotai/utils';
import { useCallback } from 'react';
import {
  EMPTY_IDENTIFICATION,
  type FirearmIdentification,
  type FirearmInfo,
  firearmIdentificationSchema,
  firearmInfoSchema,
} from '../../../shared/contract/identification.ts';
import { STORAGE_KEYS } from '../../../shared/domain/constants.ts';
import { isObject } from '../../lib/stored-shape.ts';

/*
 * The last identification, kept in the browser under `gaFirearmIdentification` (spec: "a saved copy
 * is kept in the browser"), so a reload of /identify shows it again. The copy is the server's answer
 * as the contract describes it, with what the owner told us beside it (`info`: the condition given
 * fills in the listing form). A value that is not such an answer reads as EMPTY_IDENTIFICATION.
 */

/** The kept answer, and what was sent for it. */
export type KeptIdentification = FirearmIdentification & { info?: FirearmInfo };

/** What a stored value is: the answer when it is one the contract describes, otherwise the empty one. */
export function readKeptIdentification(value: unknown): KeptIdentification {
  const answer = firearmIdentificationSchema.safeParse(value);
  if (!answer.success) return EMPTY_IDENTIFICATION;
  const info = isObject(value) ? firearmInfoSchema.safeParse(value.info) : null;
  return info?.success ? { ...answer.data, info: info.data } : answer.data;
}

// No storage where there is no browser: nothing is kept, and the page starts with the form.
const jsonStorage = createJSONStorage<KeptIdentification>(() => globalThis.localStorage);
const keptStorage: typeof jsonStorage = {
  ...jsonStorage,
  getItem: (key, initialValue) => readKeptIdentification(jsonStorage.getItem(key, initialValue)),
};

export const identificationAtom = atomWithStorage<KeptIdentification>(
  STORAGE_KEYS.identification,
  EMPTY_IDENTIFICATION,
  keptStorage,
  { getOnInit: true },
);

export interface KeptIdentificationApi {
  kept: KeptIdentification;
  /** Keeps an answer (with what was sent for it) in place of the last one. */
  keep: (answer: FirearmIdentification, info: FirearmInfo) => void;
  /** Forgets the kept answer: the page starts over with an empty form. */
  forget: () => void;
}

export function useKeptIdentification(): KeptIdentificationApi {
  const [kept, setKept] = useAtom(identificationAtom);
  const keep = useCallback(
    (answer: FirearmIdentification, info: FirearmInfo) => {
      try {
        setKept({ ...answer, info });
      } catch {
        // A full or blocked storage keeps the answer for this visit only.
      }
    },
    [setKept],
  );
  const forget = useCallback(() => {
    try {
      setKept(RESET);
    } catch {
      // Blocked storage: there is nothing kept to remove.
    }
  }, [setKept]);
  return { kept, keep, forget };
}

import { act, renderHook } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_IDENTIFICATION } from '../../../shared/contract/identification.ts';
import { identifiedGlock } from '../../testing/identification-fixtures.ts';
import { readKeptIdentification, useKeptIdentification } from './identification-store.ts';

const KEY = 'gaFirearmIdentification';

afterEach(() => localStorage.clear());

function renderKept() {
  const store = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => createElement(Provider, { store }, children);
  return renderHook(() => useKeptIdentification(), { wrapper });
}

describe('the identification kept in the browser', () => {
  it('reads back an answer the contract describes, with what was sent for it', () => {
    const answer = identifiedGlock();
    const info = { manufacturer: 'Glcok', model: '19', condition: 'Used' as const };
    expect(readKeptIdentification(JSON.parse(JSON.stringify({ ...answer, info })))).toEqual({
      ...answer,
      info,
    });
  });

  it.each([
    ['nothing', null],
    ['a string', 'Glock 19'],
    ['an array', [identifiedGlock()]],
    [
      'an answer without its valuation fields',
      { ...identifiedGlock(), data: { ...identifiedGlock().data, valuationAllowed: undefined } },
    ],
    ['a confidence above 1', { ...identifiedGlock(), data: { ...identifiedGlock().data, confidence: 3 } }],
    [
      'a sale with no date',
      {
        ...identifiedGlock(),
        data: {
          ...identifiedGlock().data,
          valuation: {
            ...identifiedGlock().data?.valuation,
            sales: [{ price: 500, earlier: false, outlier: false }],
          },
        },
      },
    ],
  ])('ignores %s: it reads as the empty identification', (_name, value) => {
    expect(readKeptIdentification(value)).toEqual(EMPTY_IDENTIFICATION);
  });

  it('keeps the answer when what was sent is damaged, leaving that out', () => {
    const answer = identifiedGlock();
    expect(readKeptIdentification({ ...answer, info: { barrelInches: 'long' } })).toEqual(answer);
  });

  it('writes the answer under gaFirearmIdentification, reads it on the next visit and forgets it on Start over', () => {
    const first = renderKept();
    expect(first.result.current.kept).toEqual(EMPTY_IDENTIFICATION);
    act(() => first.result.current.keep(identifiedGlock(), { model: '19' }));
    expect(JSON.parse(localStorage.getItem(KEY) ?? 'null')).toEqual({
      ...identifiedGlock(),
      info: { model: '19' },
    });
    first.unmount();

    // A reload: a new store reads what the browser kept.
    const second = renderKept();
    expect(second.result.current.kept.data?.identity.model).toBe('19');
    expect(second.result.current.kept.info).toEqual({ model: '19' });
    act(() => second.result.current.forget());
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(second.result.current.kept).toEqual(EMPTY_IDENTIFICATION);
  });

  it('starts empty when the browser holds something that is not an identification', () => {
    localStorage.setItem(KEY, '{"imageUrl": 5');
    expect(renderKept().result.current.kept).toEqual(EMPTY_IDENTIFICATION);
    localStorage.setItem(KEY, JSON.stringify({ imageUrl: 'x', data: { identity: 'Glock' }, message: '' }));
    expect(renderKept().result.current.kept).toEqual(EMPTY_IDENTIFICATION);
  });
});

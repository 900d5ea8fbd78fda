import { describe, expect, it } from 'vitest';
import { INVENTORY_COLUMNS } from '../../../shared/domain/inventory-columns.ts';
import { createParserHost, type ParserEvent } from './inventory-parser-protocol.ts';

const HEADER = INVENTORY_COLUMNS.join(',');
const GOOD = 'S-1,,Glock 19,Semi Auto Pistols,Glock,19,9mm,New in box,549.99,2,,,,,';
const BAD = 'S-2,,Glock 17,Semi Auto Pistols,Glock,17,9mm,New in box,,2,,,,,';
const csv = (...rows: string[]) =>
  new File([[HEADER, ...rows].join('\n')], 'stock.csv', { type: 'text/csv' });

function host() {
  const events: ParserEvent[] = [];
  return { events, host: createParserHost((event) => events.push(event)) };
}

describe('the file reader worker', () => {
  it('reads a file, answers pages of it and checks it again with another mapping', async () => {
    const { events, host: worker } = host();
    await worker.handle({ type: 'read', job: 1, file: csv(GOOD, BAD), fileName: 'stock.csv', saved: null });
    const ready = events.find((event) => event.type === 'ready');
    expect(ready).toMatchObject({ job: 1, summary: { totalRows: 2, validRows: 1, errorRows: 1 } });

    await worker.handle({
      type: 'page',
      job: 1,
      request: 7,
      query: { filter: 'errors', offset: 0, limit: 10 },
    });
    const page = events.at(-1);
    expect(page).toMatchObject({ type: 'page', job: 1, request: 7, page: { total: 1 } });
    expect(page?.type === 'page' && page.page?.rows[0]?.rowNumber).toBe(2);

    const summary = ready?.type === 'ready' ? ready.summary : null;
    await worker.handle({ type: 'remap', job: 1, mapping: { ...summary?.mapping, price: undefined } });
    expect(events.at(-1)).toMatchObject({
      type: 'ready',
      summary: { missingRequired: ['price'], validRows: 0, errorRows: 2 },
    });
  });

  it('names the sheet after the file name it is sent with (a worker receives a plain Blob)', async () => {
    const { events, host: worker } = host();
    const blob = new Blob([[HEADER, GOOD].join('\n')], { type: 'text/csv' });
    await worker.handle({ type: 'read', job: 4, file: blob, fileName: 'dealer export.csv', saved: null });
    expect(events.at(-1)).toMatchObject({
      type: 'ready',
      summary: { fileName: 'dealer export.csv', validRows: 1 },
    });
  });

  it('answers no page for a file that is no longer the current one', async () => {
    const { events, host: worker } = host();
    await worker.handle({ type: 'read', job: 1, file: csv(GOOD), fileName: 'a.csv', saved: null });
    await worker.handle({ type: 'read', job: 2, file: csv(GOOD, GOOD), fileName: 'b.csv', saved: null });
    await worker.handle({ type: 'page', job: 1, request: 1, query: { filter: 'all', offset: 0, limit: 5 } });
    expect(events.at(-1)).toMatchObject({ type: 'page', job: 1, page: null });
  });

  it('stops reading the earlier file when another is chosen', async () => {
    const { events, host: worker } = host();
    const big = csv(...Array.from({ length: 2000 }, (_, index) => GOOD.replace('S-1', `S-${index}`)));
    const first = worker.handle({ type: 'read', job: 1, file: big, fileName: 'big.csv', saved: null });
    const second = worker.handle({
      type: 'read',
      job: 2,
      file: csv(GOOD),
      fileName: 'small.csv',
      saved: null,
    });
    await Promise.all([first, second]);
    const finished = events.filter((event) => event.type === 'ready' || event.type === 'failed');
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({ type: 'ready', job: 2, summary: { fileName: 'small.csv' } });
  });

  it('tells why a file cannot be read', async () => {
    const { events, host: worker } = host();
    await worker.handle({
      type: 'read',
      job: 3,
      file: new File(['just,some,words\n1,2,3\n'], 'notes.csv'),
      fileName: 'notes.csv',
      saved: null,
    });
    expect(events.at(-1)).toMatchObject({
      type: 'failed',
      job: 3,
      message: expect.stringMatching(/header row/),
    });
  });
});

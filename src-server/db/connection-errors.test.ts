import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { connectionLossReason, isConnectionLost } from './connection-errors.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('connection-loss errors', () => {
  it.each([
    ['terminated by an administrator (57P01)', withCode('57P01')],
    ['crash shutdown (57P02)', withCode('57P02')],
    ['cannot connect now (57P03)', withCode('57P03')],
    ['a connection exception (08006)', withCode('08006')],
    ['refused', withCode('ECONNREFUSED')],
    ['reset', withCode('ECONNRESET')],
    ['node-postgres dropping the socket', new Error('Connection terminated unexpectedly')],
    [
      'a client that can no longer query',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['a connect timeout', new Error('timeout exceeded when trying to connect')],
    ['wrapped by Drizzle', new DrizzleQueryError('select 1', [], withCode('57P01') as never)],
  ])('recognises %s', (_label, error) => {
    expect(isConnectionLost(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'Connection terminated'],
  ])('leaves %s alone', (_label, error) => {
    expect(isConnectionLost(error)).toBe(false);
  });

  it('names the reason without addresses', () => {
    expect(connectionLossReason(withCode('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.5:5432'))).toBe(
      'the database refused the connection (is it running?)',
    );
    expect(connectionLossReason(withCode('57P01'))).toBe('the database closed the connection');
  });
});

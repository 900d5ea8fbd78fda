import { describe, expect, it } from 'vitest';
import { basicCredentials, parseForm } from './oauth.ts';

const basic = (text: string) => `Basic ${Buffer.from(text, 'utf8').toString('base64')}`;

describe('HTTP Basic client authentication (RFC 6749 §2.3.1)', () => {
  it('reads the client id and secret, each form-decoded', () => {
    expect(basicCredentials(basic('isc_abc:iss_x%2By%3Az+w'))).toEqual({
      clientId: 'isc_abc',
      clientSecret: 'iss_x+y:z w',
    });
    expect(basicCredentials(`basic  ${Buffer.from('a:').toString('base64')}`)).toEqual({
      clientId: 'a',
      clientSecret: '',
    });
  });

  it('tells another scheme (null) from a Basic header it cannot read', () => {
    expect(basicCredentials(undefined)).toBeNull();
    expect(basicCredentials('Bearer abc.def.ghi')).toBeNull();
    expect(basicCredentials('Basic')).toBe('invalid');
    expect(basicCredentials('Basic !!!')).toBe('invalid');
    expect(basicCredentials(basic('no-colon'))).toBe('invalid');
    expect(basicCredentials(basic('a:%E0%A4%A'))).toBe('invalid');
  });
});

describe('the token request form', () => {
  it('reads fields as text and keeps a repeated one as a list, which the contract refuses', () => {
    expect(parseForm('grant_type=client_credentials&scope=inventory+listings')).toEqual({
      grant_type: 'client_credentials',
      scope: 'inventory listings',
    });
    expect(parseForm('scope=a&scope=b&scope=c')).toEqual({ scope: ['a', 'b', 'c'] });
    expect(parseForm('')).toEqual({});
  });
});

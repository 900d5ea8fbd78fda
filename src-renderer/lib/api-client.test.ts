import { describe, expect, it } from 'vitest';
import { createFakeFetch, jsonResponse } from '../testing/fake-fetch.ts';
import { ApiError, createApiClient } from './api-client.ts';

const HEALTHY = { status: 'ok', database: 'pglite', version: '0.1.0' };

function clientWith(options: { token?: string | null; pageUrl?: string; apiOrigin?: string } = {}) {
  const fetch = createFakeFetch(() => jsonResponse(HEALTHY));
  const client = createApiClient({
    platform: { apiOrigin: options.apiOrigin ?? '', getToken: async () => options.token ?? null },
    fetch,
    pageUrl: () => options.pageUrl ?? 'https://www.ironsight.example/firearms',
  });
  return { client, fetch };
}

describe('api client', () => {
  it('calls the endpoint of the contract under the API base and returns the checked answer', async () => {
    const { client, fetch } = clientWith();

    const answer = await client.call('health');

    expect(answer).toEqual(HEALTHY);
    expect(fetch.requests[0]?.method).toBe('GET');
    expect(fetch.requests[0]?.url).toBe('/api/health');
  });

  it('sends the stored token as a bearer Authorization header', async () => {
    const { client, fetch } = clientWith({ token: 'aaa.bbb.ccc' });

    await client.call('health');

    expect(fetch.requests[0]?.headers.get('Authorization')).toBe('Bearer aaa.bbb.ccc');
  });

  it('sends no Authorization header when signed out', async () => {
    const { client, fetch } = clientWith({ token: null });

    await client.call('health');

    expect(fetch.requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('copies the page’s cmc campaign code onto requests that lack it', async () => {
    const fetch = createFakeFetch((request) =>
      jsonResponse(
        request.url.startsWith('/api/health') ? HEALTHY : { userId: '3f1c2b7e-8a4d-4c5e-9b1a-2d3e4f5a6b7c' },
      ),
    );
    const client = createApiClient({
      platform: { apiOrigin: '', getToken: async () => null },
      fetch,
      pageUrl: () => 'https://www.ironsight.example/search?cmc=spring24',
    });

    await client.call('health');
    await client.call('usersGetUserIdFromLegacyListerId', { query: { legacyListerID: 42 } });

    expect(fetch.requests[0]?.url).toBe('/api/health?cmc=spring24');
    expect(fetch.requests[1]?.url).toBe(
      '/api/users/getUserIdFromLegacyListerID?legacyListerID=42&cmc=spring24',
    );
  });

  it('keeps a cmc the request already carries', async () => {
    const fetch = createFakeFetch(() => jsonResponse({ querySummary: [], topFamily: null }));
    const client = createApiClient({
      platform: { apiOrigin: '', getToken: async () => null },
      fetch,
      pageUrl: () => 'https://www.ironsight.example/?cmc=page',
    });

    await client
      .call('listingsSuggestions', { query: { query: 'glock', cmc: 'own' } })
      .catch(() => undefined);

    const url = new URL(fetch.requests[0]?.url ?? '', 'https://x.example');
    expect(url.searchParams.getAll('cmc')).toEqual(['own']);
  });

  it('fills path parameters and prefixes the desktop client’s API origin', async () => {
    const fetch = createFakeFetch(() => jsonResponse({ items: [] }));
    const client = createApiClient({
      platform: { apiOrigin: 'https://api.ironsight.example', getToken: async () => null },
      fetch,
      pageUrl: () => 'app://ironsight/',
    });

    await client.call('shortlinksGetByShortCode', { params: { code: 'spring-sale' } });

    expect(fetch.requests[0]?.url).toBe(
      'https://api.ironsight.example/api/shortlinks/getByShortCode/spring-sale',
    );
  });

  it('sends a JSON body with its content type', async () => {
    const fetch = createFakeFetch(() => jsonResponse({ items: [] }));
    const client = createApiClient({
      platform: { apiOrigin: '', getToken: async () => null },
      fetch,
      pageUrl: () => '',
    });

    await client.call('shortlinksGet', { body: { filters: { shortCodes: ['abc'] } } });

    expect(fetch.requests[0]?.method).toBe('POST');
    expect(fetch.requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(fetch.requests[0]?.body))).toEqual({ filters: { shortCodes: ['abc'] } });
  });

  it('turns an error envelope into an ApiError with status, code, message and field messages', async () => {
    const fetch = createFakeFetch(() =>
      jsonResponse(
        {
          error: {
            code: 'validation_failed',
            message: 'The request is not valid.',
            fields: { 'filters.shortCodes': 'Expected a short code.' },
          },
        },
        400,
      ),
    );
    const client = createApiClient({
      platform: { apiOrigin: '', getToken: async () => null },
      fetch,
      pageUrl: () => '',
    });

    const error = await client
      .call('shortlinksGet', { body: { filters: { shortCodes: ['abc'] } } })
      .catch((e) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'The request is not valid.',
      fields: { 'filters.shortCodes': 'Expected a short code.' },
    });
  });

  it('reports an answer that breaks the contract as invalid_response', async () => {
    const fetch = createFakeFetch(() => jsonResponse({ status: 'fine' }));
    const client = createApiClient({
      platform: { apiOrigin: '', getToken: async () => null },
      fetch,
      pageUrl: () => '',
    });

    const error = await client.call('health').catch((e) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, code: 'invalid_response' });
  });

  it('reports an unreachable server as a network error with status 0', async () => {
    const client = createApiClient({
      platform: { apiOrigin: '', getToken: async () => null },
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
      pageUrl: () => '',
    });

    const error = await client.call('health').catch((e) => e);

    expect(error).toMatchObject({ status: 0, code: 'network_error' });
  });

  it('lets a cancelled call reject with the abort itself, not an ApiError', async () => {
    const { client } = clientWith();
    const controller = new AbortController();
    controller.abort();

    const error = await client.call('health', {}, { signal: controller.signal }).catch((e) => e);

    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('sends a multipart call as the request JSON plus files, reporting upload progress', async () => {
    const fetch = createFakeFetch(() => jsonResponse(HEALTHY));
    const sent: { url: string; body: unknown }[] = [];
    const client = createApiClient({
      platform: { apiOrigin: '', getToken: async () => 'aaa.bbb.ccc' },
      fetch,
      upload: async (url, init, onProgress) => {
        sent.push({ url, body: init.body });
        onProgress({ loaded: 50, total: 100 });
        onProgress({ loaded: 100, total: 100 });
        return jsonResponse({ error: { code: 'bad_request', message: 'Not an image.' } }, 400);
      },
      pageUrl: () => '',
    });
    const progress: number[] = [];
    const photo = new File(['jpeg'], 'front.jpg', { type: 'image/jpeg' });

    const error = await client
      .call(
        'listingsAdd',
        {
          body: {
            title: 'A title',
            description: 'Text',
            familyId: 2,
            condition: 'Used',
            quantity: 1,
            price: 5,
          },
          files: [photo],
        },
        { onUploadProgress: ({ loaded, total }) => progress.push(loaded / total) },
      )
      .catch((e) => e);

    expect(error).toMatchObject({ status: 400, message: 'Not an image.' });
    expect(progress).toEqual([0.5, 1]);
    expect(fetch.requests).toHaveLength(0);
    expect(sent[0]?.url).toBe('/api/listings/add');
    const form = sent[0]?.body as FormData;
    expect(JSON.parse(String(form.get('request')))).toMatchObject({ title: 'A title', price: 5 });
    expect((form.getAll('images')[0] as File).name).toBe('front.jpg');
  });
});

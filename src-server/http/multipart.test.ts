import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { multipartForm } from '../../tests/api/support/uploads.ts';
import { registerEndpoint } from './endpoint.ts';
import { installErrorHandler } from './errors.ts';
import { installMultipart } from './multipart.ts';

/** A 2×2 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAE0lEQVQImWP4z8DwnwGM/zMwAAAf7gP9qS/A4gAAAABJRU5ErkJggg==',
  'base64',
);
const options = { validateResponses: true, rateLimit: {} };

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  installErrorHandler(app);
  await installMultipart(app);
  registerEndpoint(
    app,
    {
      method: 'POST',
      path: '/probe/upload',
      access: 'public',
      body: z.object({ name: z.string().min(2, { error: 'Give a name.' }) }),
      response: z.object({
        name: z.string(),
        files: z.array(z.object({ name: z.string(), mediaType: z.string() })),
      }),
      multipart: true,
      upload: {
        jsonField: 'request',
        fileField: 'files',
        minFiles: 1,
        maxFiles: 2,
        maxFileBytes: 1024,
        accept: ['image/png'],
      },
    },
    ({ body, files }) => ({
      name: body.name,
      files: files.map(({ name, mediaType }) => ({ name, mediaType })),
    }),
    options,
  );
  registerEndpoint(
    app,
    {
      method: 'POST',
      path: '/probe/json',
      access: 'public',
      body: z.object({}),
      response: z.object({ ok: z.boolean() }),
    },
    () => ({ ok: true }),
    options,
  );
  await app.ready();
});
afterAll(() => app.close());

const png = (filename = 'a.png', data = PNG, contentType = 'text/plain') => ({ filename, contentType, data });

async function send(
  url: string,
  fields: Record<string, string>,
  files: Parameters<typeof multipartForm>[1],
  fileField = 'files',
) {
  const form = multipartForm(fields, files, fileField);
  const res = await app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: form.headers,
    payload: form.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('multipart endpoints of the contract', () => {
  it('parse the JSON field with the body schema and read each file’s type from its bytes', async () => {
    const res = await send('/probe/upload', { request: '{"name":"Pat"}' }, [png('scan.txt')]);
    expect(res).toEqual({
      status: 200,
      body: { name: 'Pat', files: [{ name: '“scan.txt”', mediaType: 'image/png' }] },
    });
  });

  it.each([
    [
      'a JSON field the schema refuses',
      { request: '{"name":"P"}' },
      [png()],
      400,
      { fields: { name: 'Give a name.' } },
    ],
    [
      'a JSON field that is not JSON',
      { request: '{name' },
      [png()],
      400,
      { fields: { request: 'This field must hold JSON.' } },
    ],
    [
      'no JSON field',
      {},
      [png()],
      400,
      { fields: { request: 'Send the request as JSON in the form field “request”.' } },
    ],
    [
      'a field the endpoint does not take',
      { request: '{"name":"Pat"}', other: 'x' },
      [png()],
      400,
      { code: 'bad_request' },
    ],
    [
      'too few files',
      { request: '{"name":"Pat"}' },
      [],
      400,
      { message: 'Send at least 1 file in “files”.' },
    ],
    [
      'a file over the limit',
      { request: '{"name":"Pat"}' },
      [png('big.png', Buffer.concat([PNG, Buffer.alloc(2048)]))],
      413,
      { message: '“big.png” is larger than 1 KB. Choose a smaller file.' },
    ],
    [
      'too many files',
      { request: '{"name":"Pat"}' },
      [png(), png(), png()],
      413,
      { message: 'Send at most 2 files at once.' },
    ],
    [
      'a file of another type, whatever its name says',
      { request: '{"name":"Pat"}' },
      [png('photo.png', Buffer.from('plain text'), 'image/png')],
      415,
      { message: '“photo.png” is not an image. Choose a PNG image.' },
    ],
  ] as const)('refuse %s', async (_what, fields, files, status, error) => {
    const res = await send('/probe/upload', fields, files);
    expect(res.status).toBe(status);
    expect(res.body.error).toMatchObject(error);
  });

  it('refuse a file in another field', async () => {
    const res = await send('/probe/upload', { request: '{"name":"Pat"}' }, [png()], 'attachments');
    expect(res).toMatchObject({
      status: 400,
      body: { error: { message: 'Send files in the field “files”.' } },
    });
  });

  it('refuse a JSON body (415), and a JSON endpoint refuses a form (415)', async () => {
    const json = await app.inject({ method: 'POST', url: '/api/probe/upload', payload: { name: 'Pat' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.message).toMatch(/multipart\/form-data/);
    const form = await send('/probe/json', { request: '{}' }, []);
    expect(form).toMatchObject({
      status: 415,
      body: { error: { message: 'Send the request body as JSON.' } },
    });
  });

  it('refuse a form cut off before its end (400)', async () => {
    const form = multipartForm({ request: '{"name":"Pat"}' }, [png()], 'files');
    const cut = form.payload.subarray(0, form.payload.length - 40);
    const res = await app.inject({
      method: 'POST',
      url: '/api/probe/upload',
      headers: form.headers,
      payload: cut,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The form data is malformed or incomplete. Send it again.');
  });
});

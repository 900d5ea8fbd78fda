import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchRemoteFile, isPublicAddress } from './remote-fetch.ts';

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/feed.csv') {
      response.writeHead(200, { 'content-type': 'text/csv' });
      response.end('a,b\n1,2\n');
    } else if (request.url === '/big') {
      response.writeHead(200);
      response.end(Buffer.alloc(4096, 65));
    } else if (request.url === '/slow') {
      setTimeout(() => response.end('late'), 2_000);
    } else if (request.url === '/moved') {
      response.writeHead(302, { location: '/feed.csv' });
      response.end();
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const open = { maxBytes: 1024, timeoutMs: 1_000, allowPrivateAddresses: true };
const guarded = { ...open, allowPrivateAddresses: false };

describe('fetching a remote file', () => {
  it('downloads a file and follows a redirect', async () => {
    const file = await fetchRemoteFile(`${base}/moved`, open);
    expect(file.bytes.toString()).toBe('a,b\n1,2\n');
    expect(file.contentType).toBe('text/csv');
  });

  it('stops at the size limit, the time limit and a failed status', async () => {
    await expect(fetchRemoteFile(`${base}/big`, open)).rejects.toThrow('The file is larger than');
    await expect(fetchRemoteFile(`${base}/slow`, { ...open, timeoutMs: 200 })).rejects.toThrow(
      'The download took longer than 0.2 s.',
    );
    await expect(fetchRemoteFile(`${base}/missing`, open)).rejects.toThrow('The server answered 404');
  });

  it('refuses other protocols, and loopback or private addresses outside tests', async () => {
    await expect(
      fetchRemoteFile('ftp://ftp.rsrgroup.com/ftpdownloads/rsrinventory-new.txt', open),
    ).rejects.toThrow('Only http and https addresses can be fetched.');
    await expect(fetchRemoteFile(`${base}/feed.csv`, guarded)).rejects.toThrow(
      'is not a public internet address',
    );
    const port = new URL(base).port;
    await expect(fetchRemoteFile(`http://localhost:${port}/feed.csv`, guarded)).rejects.toThrow(
      'is not a public internet address',
    );
    await expect(fetchRemoteFile('http://[::1]/feed.csv', guarded)).rejects.toThrow(
      'is not a public internet address',
    );
  });

  it.each([
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.9', false],
    ['192.168.1.10', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['::7f00:1', false],
    ['::a00:1', false],
  ])('counts %s as public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

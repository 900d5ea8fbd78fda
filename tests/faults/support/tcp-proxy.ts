import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';

/** A TCP relay to a database that a test can take down and bring back, as an outage would. */
export interface TcpProxy {
  port: number;
  /** Refuses new connections and cuts the open ones. */
  down(): Promise<void>;
  /** Accepts connections again on the same port. */
  up(): Promise<void>;
}

export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const up = async () => {
    server = createServer((client) => {
      const upstream = connect(targetPort, '127.0.0.1');
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    if (address && typeof address !== 'string') port = address.port;
  };
  const down = async () => {
    const closed = server ? once(server, 'close') : Promise.resolve();
    server?.close();
    for (const socket of sockets) socket.destroy();
    await closed;
  };

  await up();
  return {
    get port() {
      return port;
    },
    down,
    up,
  };
}

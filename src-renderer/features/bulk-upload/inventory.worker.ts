/// <reference lib="webworker" />
// Must run before any schema is built (the shared row rules import the contract).
import '../../zod-config.ts';
import { createParserHost, type ParserEvent, type ParserRequest } from './inventory-parser-protocol.ts';

/** Reads and checks inventory files off the page's thread, so a 100k-row file never freezes it. */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const host = createParserHost((event: ParserEvent) => scope.postMessage(event));
scope.addEventListener('message', (message: MessageEvent<ParserRequest>) => {
  void host.handle(message.data);
});

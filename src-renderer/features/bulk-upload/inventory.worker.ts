/// <reference lib="webworker" />
// Must run before any schema is built (the shared row rules import the contract).
import '../../zod-config.ts';
import { createParserHost, type ParserEvent, type ParserRequest } from './inventory-parser-protocol.ts';

// This module runs as a dedicated worker, never on a page: its global scope is the worker's.
declare const self: DedicatedWorkerGlobalScope;

/** Reads and checks inventory files off the page's thread, so a 100k-row file never freezes it. */
const host = createParserHost((event: ParserEvent) => self.postMessage(event));
self.addEventListener('message', (message: MessageEvent<ParserRequest>) => {
  void host.handle(message.data);
});

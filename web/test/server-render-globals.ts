import { ReadableStream } from 'node:stream/web';
import { TextEncoder } from 'node:util';

// react-dom/server's browser build (what jsdom resolves) schedules work over a MessageChannel and streams through
// ReadableStream, encoding with TextEncoder; jsdom has none of them. Import this before react-dom/server or react-dom/static.
class TimeoutChannel {
  readonly port1: { onmessage: ((event: unknown) => void) | null } = { onmessage: null };
  readonly port2 = { postMessage: (): void => void setTimeout(() => this.port1.onmessage?.({ data: null })) };
}

Object.assign(globalThis, {
  ReadableStream: globalThis.ReadableStream ?? ReadableStream,
  TextEncoder: globalThis.TextEncoder ?? TextEncoder,
  MessageChannel: globalThis.MessageChannel ?? TimeoutChannel,
  IS_REACT_ACT_ENVIRONMENT: true,
});

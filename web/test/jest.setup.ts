import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks TextEncoder/TextDecoder, which react-router uses.
Object.assign(globalThis, { TextEncoder, TextDecoder });

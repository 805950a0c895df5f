import type { EmulatorState, RequestContext } from '../state.js';
import type { Params } from './params.js';

/** What an API handler receives: the parsed parameters, the path's ids and the emulator's state. */
export interface HandlerContext {
  state: EmulatorState;
  params: Params;
  path: Record<string, string>;
  request: RequestContext;
  /** The emulator's own base URL (for links it hands out: onboarding and authentication pages). */
  baseUrl: string;
}

/** Returns the Stripe object answered with 200, or throws a StripeApiError. */
export type Handler = (ctx: HandlerContext) => object;

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  handler: Handler;
}

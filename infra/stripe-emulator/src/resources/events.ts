import { Errors } from '../errors.js';
import type { Route } from '../http/context.js';
import { listResponse } from '../http/list.js';
import { allowOnly, optionalString, optionalStringArray } from '../http/params.js';

function matches(type: string, pattern: string): boolean {
  return pattern.endsWith('.*') ? type.startsWith(pattern.slice(0, -1)) : type === pattern;
}

export const eventRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/events',
    handler: ({ state, params }) => {
      allowOnly(params, ['limit', 'starting_after', 'ending_before', 'type', 'types', 'created', 'delivery_success']);
      const type = optionalString(params, 'type');
      const types = optionalStringArray(params, 'types');
      const events = [...state.events.values()].filter(
        (e) => (!type || matches(e.type, type)) && (!types || types.some((t) => matches(e.type, t))),
      );
      return listResponse(events, params, '/v1/events');
    },
  },
  {
    method: 'GET',
    path: '/v1/events/:id',
    handler: ({ state, path }) => {
      const event = state.events.get(path.id);
      if (!event) throw Errors.resourceMissing('event', path.id);
      return event;
    },
  },
];

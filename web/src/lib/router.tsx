import {
  Children,
  createContext,
  isValidElement,
  useContext,
  useMemo,
  type AnchorHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import {
  Link as WouterLink,
  Redirect,
  Router,
  matchRoute,
  useLocation as useWouterLocation,
  useRouter,
  useSearch,
  useSearchParams as useWouterSearchParams,
} from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

/**
 * The app's router: wouter (~2 KB gzip) behind the few react-router names the app uses, so that pages and specs are
 * written as before (ADR 0061). react-router-dom was 12 KB gzip of every page's first JavaScript (issue 24, P5).
 * Paths are matched by wouter's parser (regexparam: `:id`, case-insensitive, optional trailing slash).
 */

// ---- routers ----

/** The browser's address bar (main.tsx). */
export function BrowserRouter({ children }: { children: ReactNode }): ReactElement {
  return <Router>{children}</Router>;
}

/** A fixed address, for the build's prerender (prerender.tsx); navigation does nothing. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }): ReactElement {
  return <Router ssrPath={location}>{children}</Router>;
}

/** An address held in memory, starting at the first of `initialEntries` (the specs). */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children: ReactNode }): ReactElement {
  const start = initialEntries[0] ?? '/';
  const { hook } = useMemo(() => memoryLocation({ path: start }), [start]);
  return <Router hook={hook}>{children}</Router>;
}

// ---- routes ----

export interface RouteProps {
  /** Relative or absolute (`payment`, `/payment`); `*` matches any path, after every other route has been tried. */
  path?: string;
  /** The route for `/` inside a layout route. */
  index?: boolean;
  element?: ReactNode;
  /** Routes nested in a layout route (one without `path`): the matched one renders at the layout's `<Outlet />`. */
  children?: ReactNode;
}

/** A route's configuration, read by `<Routes>`; it renders nothing by itself. */
export function Route(_props: RouteProps): null {
  return null;
}

type Params = Record<string, string | undefined>;
interface Matched {
  element: ReactNode;
  params: Params;
  /** Matched by `*` only. */
  fallback: boolean;
}

const OutletContext = createContext<ReactNode>(null);
const ParamsContext = createContext<Params>({});

type Parser = Parameters<typeof matchRoute>[0];

/** The first route matching `pathname` in declaration order, a `*` route only where nothing else matches. */
function matchRoutes(routes: ReactNode, pathname: string, parser: Parser): Matched | null {
  let fallback: Matched | null = null;
  for (const route of Children.toArray(routes)) {
    if (!isValidElement<RouteProps>(route)) continue;
    const { path, index, element = null, children } = route.props;
    let found: Matched | null = null;
    if (children !== undefined) {
      const inner = matchRoutes(children, pathname, parser);
      if (inner) found = { ...inner, element: <OutletContext.Provider value={inner.element}>{element}</OutletContext.Provider> };
    } else if (index) {
      if (pathname === '/') found = { element, params: {}, fallback: false };
    } else if (path === '*') {
      found = { element, params: {}, fallback: true };
    } else if (path !== undefined) {
      const [matches, params] = matchRoute(parser, `/${path.replace(/^\//, '')}`, pathname);
      if (matches) found = { element, params: params as Params, fallback: false };
    }
    if (found && !found.fallback) return found;
    fallback ??= found;
  }
  return fallback;
}

/** Renders the element of the route matching the current path (react-router's ranking is not reproduced: order counts). */
export function Routes({ children }: { children: ReactNode }): ReactElement | null {
  const [pathname] = useWouterLocation();
  const { parser } = useRouter();
  const matched = matchRoutes(children, pathname, parser);
  if (!matched) return null;
  return <ParamsContext.Provider value={matched.params}>{matched.element}</ParamsContext.Provider>;
}

/** Where a layout route renders its matched child. */
export function Outlet(): ReactNode {
  return useContext(OutletContext);
}

/** The matched route's `:name` parameters. */
export function useParams(): Params {
  return useContext(ParamsContext);
}

// ---- navigation ----

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/** An `<a>` that navigates without reloading the page; `replace` replaces the history entry. */
export function Link(props: LinkProps): ReactElement {
  return <WouterLink {...props} />;
}

/**
 * A link that knows when it is current: at its path or below it (`/dashboard` on `/dashboard/seller/1`), with
 * `aria-current="page"` and `className({ isActive })`.
 */
export function NavLink({
  to,
  className,
  ...props
}: Omit<LinkProps, 'className'> & { className?: string | ((state: { isActive: boolean }) => string) }): ReactElement {
  const [pathname] = useWouterLocation();
  const isActive = pathname === to || (to !== '/' && pathname.startsWith(`${to}/`));
  return (
    <WouterLink
      {...props}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}

/** Navigates to `to` as soon as it renders (in the browser; the prerender ignores it). */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }): ReactElement {
  return <Redirect to={to} replace={replace} />;
}

export type NavigateFunction = (to: string, options?: { replace?: boolean }) => void;

export function useNavigate(): NavigateFunction {
  return useWouterLocation()[1];
}

/** The current path and query string (`?a=1`, or empty), as `window.location` spells them. */
export function useLocation(): { pathname: string; search: string } {
  const [pathname] = useWouterLocation();
  const search = useSearch();
  return { pathname, search: search ? `?${search}` : '' };
}

/** The query string's parameters, and a setter that navigates to the same path with new ones (`{ replace }` optional). */
export const useSearchParams = useWouterSearchParams;

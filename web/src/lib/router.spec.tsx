import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from './router';

// Loaded after the globals react-dom/server needs in jsdom (a static import would evaluate it first).
await import('../../test/server-render-globals');
const { renderToString } = await import('react-dom/server');

function Where(): ReactElement {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{pathname + search}</output>;
}

function Layout(): ReactElement {
  return (
    <div>
      <nav aria-label="Main">
        <NavLink to="/sellers" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Sellers
        </NavLink>
        <Link to="/sellers/edit/s-1?tab=payout">Edit</Link>
      </nav>
      <main>
        <Outlet />
      </main>
      <Where />
    </div>
  );
}

function Edit(): ReactElement {
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  return (
    <>
      <h1>Edit {id}</h1>
      <p>tab {params.get('tab') ?? 'none'}</p>
      <button type="button" onClick={() => setParams({}, { replace: true })}>
        Clear
      </button>
      <button type="button" onClick={() => navigate('/')}>
        Home
      </button>
    </>
  );
}

function appRoutes(): ReactElement {
  return (
    <Routes>
      <Route path="embed/checkout" element={<h1>Embedded</h1>} />
      <Route element={<Layout />}>
        <Route index element={<h1>Home</h1>} />
        <Route path="*" element={<h1>Not found</h1>} />
        <Route path="sellers" element={<h1>Sellers</h1>} />
        <Route path="sellers/edit/:id" element={<Edit />} />
        <Route path="sellers-showcase" element={<Navigate to="/sellers" replace />} />
      </Route>
    </Routes>
  );
}

function renderAt(path: string): void {
  render(<MemoryRouter initialEntries={[path]}>{appRoutes()}</MemoryRouter>);
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('router', () => {
  afterEach(cleanup);

  it('renders the index route inside its layout at /', () => {
    renderAt('/');
    expect(heading()).toBe('Home');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('renders a route outside the layout without it', () => {
    renderAt('/embed/checkout');
    expect(heading()).toBe('Embedded');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('tries `*` only after every other route, wherever it is declared', () => {
    renderAt('/sellers');
    expect(heading()).toBe('Sellers');
    cleanup();
    renderAt('/no/such/page');
    expect(heading()).toBe('Not found');
  });

  it('gives the path parameters and the query string to the matched page', () => {
    renderAt('/sellers/edit/s-42?tab=payout');
    expect(heading()).toBe('Edit s-42');
    expect(screen.getByText('tab payout')).toBeTruthy();
  });

  it('marks a nav link current at its path and below it, and only there', async () => {
    renderAt('/');
    const link = screen.getByRole('link', { name: 'Sellers' });
    expect(link.getAttribute('aria-current')).toBeNull();
    expect(link.className).toBe('off');
    await userEvent.click(link);
    expect(heading()).toBe('Sellers');
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(link.className).toBe('on');
    await userEvent.click(screen.getByRole('link', { name: 'Edit' }));
    expect(heading()).toBe('Edit s-1');
    expect(link.getAttribute('aria-current')).toBe('page');
  });

  it('navigates by link, by setting the query string and by useNavigate', async () => {
    renderAt('/');
    await userEvent.click(screen.getByRole('link', { name: 'Edit' }));
    expect(screen.getByText('tab payout')).toBeTruthy();
    expect(screen.getByLabelText('location').textContent).toBe('/sellers/edit/s-1?tab=payout');
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('tab none')).toBeTruthy();
    expect(screen.getByLabelText('location').textContent).toBe('/sellers/edit/s-1');
    await userEvent.click(screen.getByRole('button', { name: 'Home' }));
    expect(heading()).toBe('Home');
  });

  it('redirects with <Navigate>', () => {
    renderAt('/sellers-showcase');
    expect(heading()).toBe('Sellers');
    expect(screen.getByLabelText('location').textContent).toBe('/sellers');
  });

  it('follows the address bar in the browser, including back', async () => {
    window.history.replaceState(null, '', '/sellers/edit/s-7');
    render(<BrowserRouter>{appRoutes()}</BrowserRouter>);
    expect(heading()).toBe('Edit s-7');
    await userEvent.click(screen.getByRole('button', { name: 'Home' }));
    expect(window.location.pathname).toBe('/');
    expect(heading()).toBe('Home');
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(heading()).toBe('Edit s-7');
  });

  it('renders a fixed address on the server, as the prerender does', () => {
    const html = renderToString(<StaticRouter location="/sellers?x=1">{appRoutes()}</StaticRouter>);
    expect(html).toContain('<h1>Sellers</h1>');
    expect(html).toContain('aria-current="page"');
    expect(html).toContain('/sellers?x=1');
  });
});

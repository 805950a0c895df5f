// The anchor of P5 and P7: the smallest React 19 app, built with the same Vite, served by a plain static server. Its
// Menu button opens a list of links with plain React state, the interaction P7 times on the product's phone menu
// (issue 34), so the two figures are of the same gesture; the links lead nowhere the bench follows.
/* global document */
import { createElement, StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

const LINKS = ['Sellers', 'Buyer Requests', 'Payment', 'Integrate', 'Sign in'];

function MenuBar() {
  const [open, setOpen] = useState(false);
  return createElement(
    'header',
    null,
    createElement(
      'button',
      { type: 'button', 'aria-label': 'Menu', 'aria-expanded': open, 'aria-controls': 'main-menu', onClick: () => setOpen((v) => !v) },
      open ? 'Close' : 'Menu',
    ),
    open &&
      createElement(
        'nav',
        { id: 'main-menu', 'aria-label': 'Main menu' },
        createElement(
          'ul',
          null,
          LINKS.map((label) =>
            createElement('li', { key: label }, createElement('a', { href: `#${label.toLowerCase().replace(/ /g, '-')}` }, label)),
          ),
        ),
      ),
  );
}

function App() {
  return createElement(
    'main',
    null,
    createElement(MenuBar),
    createElement('h1', null, 'Hello from React'),
    createElement('p', null, 'A minimal page.'),
  );
}

createRoot(document.getElementById('root')).render(createElement(StrictMode, null, createElement(App)));

// P5's anchor: the smallest React 19 app, built with the same Vite, served by a plain static server.
/* global document */
import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  return createElement('main', null, createElement('h1', null, 'Hello from React'), createElement('p', null, 'A minimal page.'));
}

createRoot(document.getElementById('root')).render(createElement(StrictMode, null, createElement(App)));

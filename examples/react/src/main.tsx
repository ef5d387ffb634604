import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { defineMaterialDownload } from 'cm-material-download/react';
import { App } from './App';

// The React entry, like the library entry, registers nothing by itself: one call, before the first render, defines the tag.
defineMaterialDownload();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

import '@fontsource-variable/inter';
import '../styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '../app/providers';
import { createAdminRouter } from './router';

const router = createAdminRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders skipSplash>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

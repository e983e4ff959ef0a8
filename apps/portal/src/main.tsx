import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { configureApi } from '@portal/api-client';
import { handleUnauthorized } from './app/handle-unauthorized';
import { PortalRoot } from './app/portal-root';
import { createPortalQueryClient } from './app/query-client';
import { PORTAL_BASENAME, portalRoutes } from './router/portal-routes';

const queryClient = createPortalQueryClient();
const router = createBrowserRouter(portalRoutes(), { basename: PORTAL_BASENAME });
configureApi({ onUnauthorized: (error) => handleUnauthorized(error, router, queryClient) });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <PortalRoot router={router} queryClient={queryClient} />
  </StrictMode>,
);

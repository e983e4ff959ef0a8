import type { Decorator } from '@storybook/react-vite';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

function Location() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname}
    </output>
  );
}

/**
 * Wraps a screen that links or navigates in a memory router starting at `parameters.route`
 * (default `/`); the current path is readable as the hidden `location` test id.
 */
export const withMemoryRouter: Decorator = (Story, { parameters }) => (
  <MemoryRouter initialEntries={[(parameters.route as string | undefined) ?? '/']}>
    <Routes>
      <Route path="*" element={<Story />} />
    </Routes>
    <Location />
  </MemoryRouter>
);

import { render } from '@testing-library/react';
import { navIcon } from './nav-icons';

function iconClass(name: string | undefined): string | null {
  const icon = navIcon(name);
  if (!icon) return null;
  const { container } = render(icon);
  return container.querySelector('svg')?.getAttribute('class') ?? null;
}

describe('navIcon', () => {
  it('draws the Tabler icon the tree names', () => {
    expect(iconClass('layout-dashboard')).toContain('tabler-icon-layout-dashboard');
    expect(iconClass('shield-lock')).toContain('tabler-icon-shield-lock');
    expect(iconClass('Icon_Users')).toContain('tabler-icon-users');
  });

  it('falls back to a neutral dot for unknown names and nothing without a name', () => {
    expect(iconClass('no-such-icon')).toContain('tabler-icon-point');
    expect(iconClass('constructor')).toContain('tabler-icon-point');
    expect(iconClass(undefined)).toBeNull();
  });
});

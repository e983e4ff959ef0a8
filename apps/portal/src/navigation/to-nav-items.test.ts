import { fakeNavNodes } from '@portal/auth/testing';
import { toNavItems } from './to-nav-items';

describe('toNavItems', () => {
  it('turns tree urls into router paths', () => {
    const items = toNavItems(
      [
        { id: 'a', type: 'item', title: 'A', translate: 'A', url: '/portal/dashboard/' },
        { id: 'b', type: 'item', title: 'B', translate: 'B', url: 'billing/plan' },
        { id: 'c', type: 'link', title: 'C', translate: 'C', url: 'https://docs.example/help', target: '_blank' },
      ],
      'admin',
    );
    expect(items.map((item) => item.url)).toEqual(['/dashboard', '/billing/plan', 'https://docs.example/help']);
  });

  it('drops entries outside the role and groups left empty', () => {
    const items = toNavItems(
      [
        ...fakeNavNodes(),
        {
          id: 'config',
          type: 'collapse',
          title: 'Global Configuration',
          translate: 'GLOBAL_CONFIGURATION',
          children: [{ id: 'kafka', type: 'item', title: 'Kafka', translate: 'KAFKA', url: '/kafka', auth: ['superadmin'] }],
        },
      ],
      'member',
    );
    expect(items.map((item) => item.id)).toEqual(['live-meeting']);
  });

  it("keeps every entry of a tree the server filtered by role groups: a custom role's holder (primary role member) sees Users", () => {
    const items = toNavItems(fakeNavNodes(), 'member', false);
    expect(items.map((item) => item.id)).toContain('user');
  });

  it('gives badges the theme colours when the server names none', () => {
    const [item] = toNavItems([{ id: 'a', type: 'item', title: 'A', translate: 'A', url: '/a', badge: { title: 'New' } }], 'admin');
    expect(item?.badge).toEqual({ title: 'New', bg: 'var(--mantine-primary-color-filled)', fg: 'var(--mantine-primary-color-contrast)' });
  });
});

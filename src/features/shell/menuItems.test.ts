import { menuItems } from './menuItems';
import en from '../../../locales/en/common.json';

const keys = (items: { key: string }[]) => items.map((i) => i.key);

describe('menuItems', () => {
  it('gives a visitor Home, Register, Login, Select laboratory, Documents, Support', () => {
    expect(keys(menuItems(false))).toEqual(['/', '/register', '/login', 'selectLab', '/documents', '/support']);
  });

  it('gives a logged-in user the spec items, then orders and test results', () => {
    expect(keys(menuItems(true))).toEqual(['/', '/order/cart', '/settings', '/patients', 'selectLab', '/documents', '/support', '/orders', '/test-results']);
  });

  it('adds the staff console for staff only, and never for a visitor', () => {
    expect(keys(menuItems(true, 'staff')).slice(-3)).toEqual(['/test-results', '/staff', '/staff/visits']);
    expect(keys(menuItems(true, 'staff', 'staff')).slice(-3)).toEqual(['/test-results', '/staff', '/staff/visits']);
    expect(keys(menuItems(true, 'patient'))).not.toContain('/staff');
    expect(keys(menuItems(false, 'staff'))).not.toContain('/staff');
  });

  it('gives a nurse the day of visits and not the console', () => {
    expect(keys(menuItems(true, 'staff', 'nurse')).slice(-2)).toEqual(['/test-results', '/staff/visits']);
    expect(keys(menuItems(true, 'patient'))).not.toContain('/staff/visits');
  });

  it('has an English label for every item', () => {
    const menu = en.menu as Record<string, string>;
    for (const item of [...menuItems(true, 'staff'), ...menuItems(false)]) {
      const label = menu[item.labelKey.replace(/^menu\./, '')];
      expect(typeof label).toBe('string');
    }
    expect(menuItems(false).map((i) => menu[i.labelKey.replace(/^menu\./, '')])).toEqual(['Home', 'Register', 'Login', 'Select laboratory', 'Documents', 'Support']);
  });
});

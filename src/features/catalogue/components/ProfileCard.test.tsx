import { act, screen } from '@testing-library/react';
import { renderApp } from '@/testing/renderApp';
import { laboratoryReceived } from '@/features/lab/labSlice';
import type { AnalysisDto, ProfileDto } from '@/shared/types/api';
import { ProfileCard } from './ProfileCard';

const analysis = (id: number, price: number): AnalysisDto => ({
  id,
  name: `Analysis ${id}`,
  code: `A${id}`,
  description: '',
  execPeriod: 1,
  catalogueHeaders: [],
  prices: [{ id, priceListId: 1, currency: 'PLN', created: '', updated: '', price }],
  materials: [],
  restrictions: {},
});

const profile: ProfileDto = { id: 1, name: 'Thyroid profile', description: '', code: 'PR001', created: '', updated: '', labServices: [analysis(1, 30), analysis(2, 45.5)] };

test('the profile card calls the sum of its tests "Tests" and says what the home visit adds', () => {
  const app = renderApp(<ProfileCard profile={profile} />);
  act(() => {
    app.store.dispatch(laboratoryReceived({ id: 'waw', cityName: 'Warsaw', email: '', aboutLink: '', address: '', latitude: 0, longitude: 0, currency: 'PLN', visitFee: 49, visitFeeFrom: 39 }));
  });
  expect(screen.queryByText('Total')).not.toBeInTheDocument();
  expect(screen.getByText('Tests')).toBeInTheDocument();
  expect(screen.getByTestId('profile-total')).toHaveTextContent('75.50');
  expect(screen.getByTestId('profile-with-visit')).toHaveTextContent(/^with the home visit from PLN 114.50/);
});

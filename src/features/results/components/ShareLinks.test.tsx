import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '@/testing/renderApp';
import { ApiError } from '@/lib/apiError';
import type { ResultShareDto } from '@/shared/types/results';
import { resultsApi } from '../lazyResultsApi';
import { ShareLinks } from './ShareLinks';

jest.mock('../lazyResultsApi', () => ({
  resultsApi: { shares: jest.fn(), createShare: jest.fn(), revokeShare: jest.fn() },
}));
const api = resultsApi as jest.Mocked<typeof resultsApi>;

const link = (id: number, state: ResultShareDto['state']): ResultShareDto => ({
  id,
  state,
  createdAt: '2026-11-26T10:00:00Z',
  expiresAt: '2026-12-03T10:00:00Z',
  revokedAt: null,
  lastOpenedAt: null,
  openCount: 0,
});

describe('ShareLinks', () => {
  beforeEach(() => jest.resetAllMocks());

  it('makes a link, shows it once, then revokes it and lists the links again', async () => {
    api.shares.mockResolvedValueOnce([]).mockResolvedValueOnce([link(4, 'active')]).mockResolvedValueOnce([link(4, 'revoked')]);
    api.createShare.mockResolvedValueOnce({ ...link(4, 'active'), url: 'https://shop.test/shared/abc' });
    api.revokeShare.mockResolvedValueOnce(undefined);
    renderApp(<ShareLinks testResultId={9} patientId={5} language="en" />);
    await waitFor(() => expect(api.shares).toHaveBeenCalledWith(9, 5));

    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByTestId('share-url')).toHaveValue('https://shop.test/shared/abc');
    expect(api.createShare).toHaveBeenCalledWith(9, 5, 7);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByTestId('share-url')).not.toBeInTheDocument());
    expect(api.revokeShare).toHaveBeenCalledWith(9, 5, 4);
    expect(await screen.findByText(/^Revoked/)).toBeInTheDocument();
  });

  it('says that it did not work when the list or a new link fails, whatever the answer', async () => {
    api.shares.mockRejectedValueOnce(new ApiError('Too many requests', 429, {}, 'rate_limited'));
    api.createShare.mockRejectedValueOnce(new Error('Network Error'));
    renderApp(<ShareLinks testResultId={9} patientId={5} language="en" />);
    expect(await screen.findByText('That did not work. Please try again.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(api.createShare).toHaveBeenCalled());
    expect(await screen.findByText('That did not work. Please try again.')).toBeInTheDocument();
  });
});

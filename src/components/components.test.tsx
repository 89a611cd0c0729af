import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import Button from '@mui/material/Button';
import { renderApp } from '@/testing/renderApp';
import { ConfirmDialog, EmptyState, ErrorState, Money, useToast } from './index';
import { TOAST_MS } from './Toast';

function ToastButtons() {
  const toast = useToast();
  return (
    <>
      <Button onClick={() => toast.success('User profile has been successfully updated')}>ok</Button>
      <Button onClick={() => toast.error('Error occurred')}>fail</Button>
    </>
  );
}

describe('shared components', () => {
  it('useToast shows success and error toasts one after another', async () => {
    const user = userEvent.setup();
    renderApp(<ToastButtons />);
    await user.click(screen.getByRole('button', { name: 'ok' }));
    // Shown inside the polite live region, so screen readers hear it.
    expect(await screen.findByText('User profile has been successfully updated')).toBeInTheDocument();
    expect(screen.getByTestId('toast-status')).toHaveTextContent('User profile has been successfully updated');
    expect(screen.getByTestId('toast-status')).toHaveAttribute('aria-live', 'polite');
    await user.click(screen.getByRole('button', { name: 'fail' }));
    await user.click(screen.getByRole('button', { name: /close/i }));
    expect(await screen.findByText('Error occurred')).toBeInTheDocument();
    expect(screen.getByTestId('toast-alert')).toHaveTextContent('Error occurred');
    expect(screen.getByTestId('toast-alert')).toHaveAttribute('aria-live', 'assertive');
    await waitFor(() => expect(screen.queryByText('User profile has been successfully updated')).not.toBeInTheDocument());
  });

  it('a toast goes on its own, even while the pointer rests on it', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderApp(<ToastButtons />);
      await user.click(screen.getByRole('button', { name: 'ok' }));
      await user.hover(await screen.findByText('User profile has been successfully updated'));
      act(() => jest.advanceTimersByTime(TOAST_MS.success + 1000));
      await waitFor(() => expect(screen.queryByText('User profile has been successfully updated')).not.toBeInTheDocument());
    } finally {
      jest.useRealTimers();
    }
  });

  it('ConfirmDialog answers confirm and cancel', async () => {
    const user = userEvent.setup();
    const answers: string[] = [];
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <ConfirmDialog
          open={open}
          title="Are you sure?"
          confirmLabel="Sign Out"
          onConfirm={() => {
            answers.push('confirm');
            setOpen(false);
          }}
          onCancel={() => answers.push('cancel')}
        />
      );
    }
    renderApp(<Harness />);
    // The dialog loads when first opened.
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(answers).toEqual(['cancel', 'confirm']);
  });

  it('ErrorState offers a retry and EmptyState says what to do', async () => {
    const user = userEvent.setup();
    const retry = jest.fn();
    renderApp(
      <>
        <ErrorState onRetry={retry} />
        <EmptyState title="Your cart is empty" text="Add tests from the catalogue." action={<Button>Browse</Button>} />
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('Your cart is emptyAdd tests from the catalogue.Browse');
  });

  it('Money shows the amount with its currency', () => {
    renderApp(<Money amount={12.5} currency="PLN" />);
    expect(screen.getByText(/12\.50\sPLN|PLN\s?12\.50/)).toBeInTheDocument();
  });
});

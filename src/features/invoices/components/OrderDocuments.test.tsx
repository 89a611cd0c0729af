import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '@/testing/renderApp';
import { ApiError } from '@/lib/apiError';
import { invoicesApi } from '../invoicesApi';
import { OrderDocuments } from './OrderDocuments';

jest.mock('../invoicesApi', () => ({
  invoicesApi: { list: jest.fn(), request: jest.fn(), receiptPdf: jest.fn(), invoiceFile: jest.fn() },
  saveBlob: jest.fn(),
}));
const api = invoicesApi as jest.Mocked<typeof invoicesApi>;

describe('OrderDocuments', () => {
  beforeEach(() => jest.resetAllMocks());

  it('asks for an invoice, shows the server’s field error under the NIP, then lists the issued invoice', async () => {
    api.list.mockResolvedValueOnce([]).mockResolvedValueOnce([{ id: 7, number: 'FV/2026/000001', issuedAt: '2026-11-26T10:00:00Z', kind: 'VAT', total: 54.9, currency: 'PLN' }]);
    api.request
      .mockRejectedValueOnce(new ApiError('bad', 422, { 'buyer.taxId': 'This is not a valid NIP (ten digits with a correct check digit)' }, 'validation_failed'))
      .mockResolvedValueOnce({ id: 7, number: 'FV/2026/000001', issuedAt: '2026-11-26T10:00:00Z' });
    renderApp(<OrderDocuments orderId={3} orderNumber="LS-1" canInvoice />);

    fireEvent.change(await screen.findByTestId('invoice-taxId'), { target: { value: '1234567890' } });
    fireEvent.change(screen.getByTestId('invoice-name'), { target: { value: 'Firma' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get the invoice' }));
    expect(await screen.findByText('This is not a valid NIP (ten digits with a correct check digit)')).toBeInTheDocument();
    expect(api.request).toHaveBeenCalledWith(3, { taxId: '1234567890', name: 'Firma', address: { street: '', postalCode: '', city: '', country: 'PL' } });

    fireEvent.change(screen.getByTestId('invoice-taxId'), { target: { value: '5260250274' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get the invoice' }));
    expect(await screen.findByText('Invoice FV/2026/000001')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Get the invoice' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'XML (KSeF)' })).toBeInTheDocument();
  });

  it('words a refunded order and an invoice the schema refused in the reader’s language, not the server’s', async () => {
    api.list.mockResolvedValue([]);
    api.request
      .mockRejectedValueOnce(new ApiError('The money of this order was refunded: there is nothing to invoice', 409, {}, 'order_refunded'))
      .mockRejectedValueOnce(new ApiError('The invoice could not be made a valid KSeF document; nothing was issued', 422, {}, 'invoice_invalid'));
    renderApp(<OrderDocuments orderId={3} orderNumber="LS-1" canInvoice />);
    fireEvent.change(await screen.findByTestId('invoice-taxId'), { target: { value: '5260250274' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get the invoice' }));
    expect(await screen.findByText('The money of this order was refunded, so there is nothing to invoice.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Get the invoice' }));
    expect(await screen.findByText('The invoice could not be issued with these details. Check them, or contact the laboratory.')).toBeInTheDocument();
  });

  it('offers only the receipt where the laboratory issues no invoices', async () => {
    api.list.mockResolvedValue([]);
    renderApp(<OrderDocuments orderId={3} orderNumber="LS-1" canInvoice={false} />);
    expect(await screen.findByRole('button', { name: 'Download the receipt' })).toBeInTheDocument();
    await waitFor(() => expect(api.list).toHaveBeenCalled());
    expect(screen.queryByTestId('invoice-taxId')).not.toBeInTheDocument();
  });
});

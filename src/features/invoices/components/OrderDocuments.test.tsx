import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '@/testing/renderApp';
import { ApiError } from '@/lib/apiError';
import { invoicesApi, saveBlob } from '../invoicesApi';
import { OrderDocuments } from './OrderDocuments';

jest.mock('../invoicesApi', () => ({
  invoicesApi: { list: jest.fn(), request: jest.fn(), receiptPdf: jest.fn(), invoiceFile: jest.fn(), upoFile: jest.fn() },
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

  it('a private person asks for an invoice on their own name: no NIP field, country names, the person’s field errors, no taxId sent', async () => {
    api.list.mockResolvedValueOnce([]).mockResolvedValueOnce([{ id: 8, number: 'FV/2026/000002', issuedAt: '2026-11-26T10:00:00Z', kind: 'VAT', total: 54.9, currency: 'PLN' }]);
    api.request
      .mockRejectedValueOnce(new ApiError('bad', 422, { 'buyer.address.postalCode': 'Enter a Belarusian postal code of six digits like 220005' }, 'validation_failed'))
      .mockResolvedValueOnce({ id: 8, number: 'FV/2026/000002', issuedAt: '2026-11-26T10:00:00Z' });
    renderApp(<OrderDocuments orderId={3} orderNumber="LS-1" canInvoice />);

    expect(await screen.findByRole('radio', { name: 'Company' })).toBeChecked();
    expect(screen.getByLabelText('Company name')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Private person' }));
    expect(screen.getByRole('radio', { name: 'Private person' })).toBeChecked();
    expect(screen.queryByTestId('invoice-taxId')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Company name')).not.toBeInTheDocument();
    expect(screen.getByText('You can get a VAT invoice on your own name, without a tax number.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('First and last name'), { target: { value: 'Anna Kowalska' } });
    fireEvent.change(screen.getByTestId('invoice-street'), { target: { value: 'vul. Lenina 5' } });
    fireEvent.change(screen.getByTestId('invoice-postalCode'), { target: { value: '22005' } });
    fireEvent.change(screen.getByTestId('invoice-city'), { target: { value: 'Minsk' } });
    // The country list names the countries and, for a private person, goes beyond the Union.
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Belarus' }));
    fireEvent.click(screen.getByRole('button', { name: 'Get the invoice' }));
    expect(await screen.findByText('Enter a Belarusian postal code of six digits like 220005')).toBeInTheDocument();
    expect(api.request).toHaveBeenLastCalledWith(3, { kind: 'person', name: 'Anna Kowalska', address: { street: 'vul. Lenina 5', postalCode: '22005', city: 'Minsk', country: 'BY' } });

    fireEvent.change(screen.getByTestId('invoice-postalCode'), { target: { value: '220005' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get the invoice' }));
    expect(await screen.findByText('Invoice FV/2026/000002')).toBeInTheDocument();
    expect(api.request).toHaveBeenLastCalledWith(3, { kind: 'person', name: 'Anna Kowalska', address: { street: 'vul. Lenina 5', postalCode: '220005', city: 'Minsk', country: 'BY' } });
  });

  it('back to a company, a country outside the Union returns to Poland and the NIP is asked again', async () => {
    api.list.mockResolvedValue([]);
    renderApp(<OrderDocuments orderId={3} orderNumber="LS-1" canInvoice />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Private person' }));
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Belarus' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Company' }));
    expect(screen.getByTestId('invoice-taxId')).toBeInTheDocument();
    expect(screen.getByRole('combobox')).toHaveTextContent('Poland');
  });

  it('offers only the receipt where the laboratory issues no invoices', async () => {
    api.list.mockResolvedValue([]);
    renderApp(<OrderDocuments orderId={3} orderNumber="LS-1" canInvoice={false} />);
    expect(await screen.findByRole('button', { name: 'Download the receipt' })).toBeInTheDocument();
    await waitFor(() => expect(api.list).toHaveBeenCalled());
    expect(screen.queryByTestId('invoice-taxId')).not.toBeInTheDocument();
  });

  it('shows where each invoice stands in KSeF: waiting, sent, accepted with its number and the UPO to download, rejected with the reason', async () => {
    const base = { issuedAt: '2026-11-26T10:00:00Z', total: 54.9, currency: 'PLN' };
    api.list.mockResolvedValue([
      { ...base, id: 7, number: 'FV/2026/000001', kind: 'VAT', ksef: { status: 'accepted', number: '5250000015-20261126-ABCDEF123456-7A', upoUrl: '/api/backend/orders/3/invoice.upo.xml?document=7', rejectionReason: null } },
      { ...base, id: 8, number: 'FV/2026/000002', kind: 'KOR', total: -10, ksef: { status: 'queued', number: null, upoUrl: null, rejectionReason: null } },
      { ...base, id: 9, number: 'FV/2026/000003', kind: 'KOR', total: -5, ksef: { status: 'sent', number: null, upoUrl: null, rejectionReason: null } },
      { ...base, id: 10, number: 'FV/2026/000004', kind: 'KOR', total: -5, ksef: { status: 'rejected', number: null, upoUrl: null, rejectionReason: '450 Błąd weryfikacji semantyki' } },
      { ...base, id: 11, number: 'FV/2026/000005', kind: 'VAT', ksef: null },
    ]);
    const upo = new Blob(['<UPO/>']);
    api.upoFile.mockResolvedValue(upo);
    renderApp(<OrderDocuments orderId={3} orderNumber="LS-1" canInvoice />);

    expect(await screen.findByText('KSeF: accepted, number 5250000015-20261126-ABCDEF123456-7A')).toBeInTheDocument();
    expect(screen.getByText('KSeF: waiting to be sent')).toBeInTheDocument();
    expect(screen.getByText('KSeF: sent, waiting for confirmation')).toBeInTheDocument();
    expect(screen.getByText('KSeF: rejected (450 Błąd weryfikacji semantyki). The laboratory has been told.')).toBeInTheDocument();
    // Issued while sending to KSeF was off: no KSeF line.
    expect(screen.getAllByTestId('invoice-ksef')).toHaveLength(4);
    // Only the accepted invoice has a UPO.
    const upoButtons = screen.getAllByRole('button', { name: 'KSeF receipt (UPO)' });
    expect(upoButtons).toHaveLength(1);
    fireEvent.click(upoButtons[0] as HTMLElement);
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(upo, 'upo-FV-2026-000001.xml'));
    expect(api.upoFile).toHaveBeenCalledWith('/api/backend/orders/3/invoice.upo.xml?document=7');
  });
});

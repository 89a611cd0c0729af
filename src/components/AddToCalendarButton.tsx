import Button from '@mui/material/Button';
import EventOutlined from '@mui/icons-material/EventOutlined';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { backendClient } from '@/lib/apiClient';

/**
 * "Add to calendar": downloads the visit as an .ics file (`GET orders/{id}/calendar.ics`). The
 * request carries the bearer token, so it is fetched and saved rather than linked.
 */
export function AddToCalendarButton({ orderId, orderNumber }: { orderId: number; orderNumber: string }) {
  const { t } = useTranslation('cart');
  const [failed, setFailed] = useState(false);
  const save = async () => {
    setFailed(false);
    try {
      const blob = (await backendClient.get<Blob>(`orders/${orderId}/calendar.ics`, { responseType: 'blob', headers: { Accept: 'text/calendar' } })).data;
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `visit-${orderNumber}.ics`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setFailed(true);
    }
  };
  return (
    <>
      <Button variant="outlined" startIcon={<EventOutlined />} onClick={() => void save()} sx={{ minHeight: 48 }} data-testid="add-to-calendar">
        {t('calendar.add')}
      </Button>
      {failed && (
        <Typography role="alert" color="error" variant="body2">
          {t('calendar.failed')}
        </Typography>
      )}
    </>
  );
}

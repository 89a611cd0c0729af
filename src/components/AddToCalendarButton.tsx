import Button from '@mui/material/Button';
import EventOutlined from '@mui/icons-material/EventOutlined';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { backendClient } from '@/lib/apiClient';
import { saveBlob } from '@/lib/saveBlob';
import { useCall } from '@/lib/store/useCall';
import { Status } from '@/lib/status';

/**
 * "Add to calendar": downloads the visit as an .ics file (`GET orders/{id}/calendar.ics`). The
 * request carries the bearer token, so it is fetched and saved rather than linked.
 */
export function AddToCalendarButton({ orderId, orderNumber }: { orderId: number; orderNumber: string }) {
  const { t } = useTranslation('cart');
  const save = useCall(async () => {
    const blob = (await backendClient.get<Blob>(`orders/${orderId}/calendar.ics`, { responseType: 'blob', headers: { Accept: 'text/calendar' } })).data;
    saveBlob(blob, `visit-${orderNumber}.ics`);
  });
  return (
    <>
      <Button variant="outlined" startIcon={<EventOutlined />} onClick={() => void save.run()} disabled={save.resource.status === Status.LOADING} sx={{ minHeight: 48 }} data-testid="add-to-calendar">
        {t('calendar.add')}
      </Button>
      {save.resource.status === Status.ERROR && (
        <Typography role="alert" color="error" variant="body2">
          {t('calendar.failed')}
        </Typography>
      )}
    </>
  );
}

import { useRef } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from 'react-i18next';
import { staffApi } from '../lazyStaffApi';
import { Notice } from '@/components/Notice';
import { Status } from '@/lib/status';
import { useCall } from '@/lib/store/useCall';

/** MSA-1 (acknowledgement code) and MSA-3 / ERR-8 (text) of an ER7 ACK. */
export function readAck(er7: string): { code: string; text: string } {
  const segments = er7.split(/\r\n|\r|\n/);
  const msa = segments.find((s) => s.startsWith('MSA|'))?.split('|') ?? [];
  const err = segments.find((s) => s.startsWith('ERR|'))?.split('|') ?? [];
  return { code: msa[1] ?? '', text: err[8] || msa[3] || '' };
}

/**
 * Uploads an HL7 v2.5.1 ORU^R01 file from the laboratory information system to the results import
 * and shows the acknowledgement: accepted, or the error with the segment at fault.
 */
export function Hl7Upload({ onImported }: { onImported?: () => void }) {
  const { t } = useTranslation('staff');
  const input = useRef<HTMLInputElement>(null);
  // The answer is an acknowledgement: AA is accepted, any other code a refusal.
  const upload = useCall(async (file: File) => {
    const ack = readAck(await staffApi.importHl7(await file.text()));
    if (ack.code === 'AA') onImported?.();
    return { file: file.name, ack };
  });
  const { status, data } = upload.resource;
  const sending = status === Status.LOADING;
  const ack = status === Status.SUCCESS ? data?.ack : undefined;

  const send = async (file: File) => {
    await upload.run(file);
    if (input.current) input.current.value = '';
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby="hl7-upload-title">
      <Typography id="hl7-upload-title" variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
        {t('hl7.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('hl7.text')}
      </Typography>
      <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />} disabled={sending} sx={{ minHeight: 48 }}>
        {sending ? t('hl7.sending') : t('hl7.choose')}
        <input
          ref={input}
          type="file"
          hidden
          accept=".hl7,.er7,.txt,application/hl7-v2,x-application/hl7-v2+er7,text/plain"
          data-testid="hl7-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void send(file);
          }}
        />
      </Button>
      {data && ack?.code === 'AA' && (
        <Notice severity="success" sx={{ mt: 1 }} role="status">
          {t('hl7.accepted', { file: data.file, detail: ack.text })}
        </Notice>
      )}
      {(status === Status.ERROR || (ack && ack.code !== 'AA')) && (
        <Notice severity="error" sx={{ mt: 1 }} role="alert">
          {ack ? t('hl7.refused', { code: ack.code || '?', detail: ack.text }) : t('hl7.failed')}
        </Notice>
      )}
    </Paper>
  );
}

import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { TextInput } from '@/components/TextInput';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { flagOf, interpret, parseResultValue } from '@/shared/resultFlag';
import { acceptsText, parseNumeric } from '@/shared/resultValue';
import type { StaffAnalysisLineDto, StaffOrderPatientDto } from '@/shared/types/results';
import type { ResultEntry } from '@/shared/validation/results';
import { FlagChip } from '@/features/results';
import { Notice } from '@/components/Notice';
import { Choice } from '@/components/Choice';

interface Row {
  value: string;
  unit: string;
  refLow: string;
  refHigh: string;
  /** Why the range differs from the patient's catalogue interval. */
  reason: string;
  comment: string;
  /** Why a saved result is being corrected. */
  correction: string;
  /** The laboratory may still change the value: the patient sees it as preliminary. */
  preliminary: boolean;
}

const str = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

function initialRows(patient: StaffOrderPatientDto): Record<number, Row> {
  return Object.fromEntries(
    patient.analyses.map((a) => [
      a.analysisId,
      a.result && a.result.rangeSource === 'override'
        ? { value: String(a.result.value), unit: a.result.unit, refLow: str(a.result.refLow), refHigh: str(a.result.refHigh), reason: a.result.rangeReason, comment: a.result.comment, correction: '', preliminary: !!a.result.preliminary }
        : a.result
          ? { value: String(a.result.value), unit: a.result.unit, refLow: str(a.defaultRefLow), refHigh: str(a.defaultRefHigh), reason: '', comment: a.result.comment, correction: '', preliminary: !!a.result.preliminary }
          : { value: '', unit: a.defaultUnit, refLow: str(a.defaultRefLow), refHigh: str(a.defaultRefHigh), reason: '', comment: '', correction: '', preliminary: false },
    ]),
  );
}

const num = (s: string): number | null => {
  const v = parseResultValue(s);
  return typeof v === 'number' && s.trim() !== '' ? v : null;
};

/** What the server will refuse in a typed value (the translation key), or null: findings for text analyses, any text for written reports, numbers otherwise. */
function valueProblem(a: StaffAnalysisLineDto, value: string): string | null {
  if (a.defaultRefText) return acceptsText(value, [a.defaultRefText]) ? null : 'form.valueFinding';
  if (a.reportsText) return null;
  return parseNumeric(value) ? null : 'form.valueNumber';
}

/** The typed range differs from the interval the catalogue gives this patient. */
const rangeChanged = (a: StaffAnalysisLineDto, row: Row) => num(row.refLow) !== a.defaultRefLow || num(row.refHigh) !== a.defaultRefHigh;

export interface ResultsFormProps {
  patient: StaffOrderPatientDto;
  disabled: boolean;
  saving: boolean;
  saved: boolean;
  error: string | null;
  onSave: (entries: ResultEntry[]) => void;
}

/**
 * Result entry for one patient: a value (number or text), unit and range per analysis, prefilled
 * with the interval for the patient's sex and age on the sampling day (or the saved override), with
 * a preview of the flag the server computes. A different range asks for a reason, which is kept.
 * A value marked preliminary is shown to the patient as such and does not complete the order.
 */
export function ResultsForm({ patient, disabled, saving, saved, error, onSave }: ResultsFormProps) {
  const { t } = useTranslation('staff');
  const [rows, setRows] = useState<Record<number, Row>>(() => initialRows(patient));
  const [saved0] = useState<Record<number, Row>>(() => initialRows(patient));
  /** A saved result whose fields were changed: a correction, which needs a reason. */
  const corrects = (a: StaffAnalysisLineDto, row: Row) => {
    const before = saved0[a.analysisId];
    return !!a.result && !!before && (['value', 'unit', 'refLow', 'refHigh', 'comment'] as const).some((k) => row[k].trim() !== before[k].trim());
  };
  const [invalid, setInvalid] = useState<Record<number, string>>({});
  const set = <K extends keyof Row>(id: number, field: K, value: Row[K]) => setRows((r) => ({ ...r, [id]: { ...(r[id] as Row), [field]: value } }));

  const submit = () => {
    const errors: Record<number, string> = {};
    const entries: ResultEntry[] = [];
    for (const a of patient.analyses) {
      const row = rows[a.analysisId];
      if (!row || row.value.trim() === '') continue;
      const low = num(row.refLow);
      const high = num(row.refHigh);
      if ((row.refLow.trim() && low === null) || (row.refHigh.trim() && high === null)) errors[a.analysisId] = t('form.rangeNumber');
      else if (low !== null && high !== null && low > high) errors[a.analysisId] = t('form.rangeOrder');
      else if (rangeChanged(a, row) && !row.reason.trim()) errors[a.analysisId] = t('form.reasonRequired');
      else if (corrects(a, row) && !row.correction.trim()) errors[a.analysisId] = t('form.correctionRequired');
      else if (valueProblem(a, row.value)) errors[a.analysisId] = t(valueProblem(a, row.value) as string);
      // A row that cannot be saved yet does not hold back the patient's other results.
      if (errors[a.analysisId]) continue;
      const changed = rangeChanged(a, row);
      entries.push({
        patientId: patient.id,
        analysisId: a.analysisId,
        value: parseResultValue(row.value),
        unit: row.unit.trim(),
        // The server picks the interval for the patient's sex and age; a different one needs a reason.
        ...(changed ? { refLow: low, refHigh: high, rangeReason: row.reason.trim() } : {}),
        comment: row.comment.trim(),
        ...(corrects(a, row) ? { correctionReason: row.correction.trim() } : {}),
        // Unticked means final: said only when it makes a saved preliminary value final.
        ...(row.preliminary ? { preliminary: true } : a.result?.preliminary ? { preliminary: false } : {}),
      });
    }
    if (!entries.length) {
      setInvalid(Object.keys(errors).length ? errors : { 0: t('form.nothing') });
      return;
    }
    setInvalid(Object.keys(errors).length ? { ...errors, 0: t('form.savedOthers') } : {});
    onSave(entries);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('form.patientResults', { name: `${patient.firstName} ${patient.lastName}` })}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {patient.firstName} {patient.lastName}
      </Typography>
      {patient.analyses.map((a, index) => {
        const row = rows[a.analysisId] as Row;
        // A panel's components (the blood count's WBC, RBC ...) come one after another under the panel's name.
        const panelStarts = a.panel && patient.analyses[index - 1]?.panel?.analysisId !== a.panel.analysisId;
        const preview = row.value.trim()
          ? interpret(parseResultValue(row.value), { low: num(row.refLow), high: num(row.refHigh), text: a.defaultRefText || null }, { criticalLow: a.criticalLow, criticalHigh: a.criticalHigh })
          : null;
        const changed = rangeChanged(a, row);
        return (
          <Box key={a.analysisId}>
          {panelStarts && a.panel && (
            <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 700, pt: 1.5, borderTop: 1, borderColor: 'divider' }} data-testid={`panel-${a.panel.code}`}>
              {t('form.panel', { name: a.panel.name, code: a.panel.code })}
            </Typography>
          )}
          <Box sx={{ py: 1.5, borderTop: a.panel && !panelStarts ? 1 : panelStarts ? 0 : 1, borderColor: 'divider', pl: a.panel ? { xs: 1, sm: 2 } : 0 }} data-testid={`result-row-${a.code}`}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600, flex: 1 }}>
                {a.name} <Typography component="span" variant="caption" color="text.secondary">({a.code})</Typography>
              </Typography>
              {preview && (
                <Box aria-live="polite">
                  <Typography component="span" variant="caption" sx={{ mr: 0.5 }}>
                    {t('form.flagPreview')}
                  </Typography>
                  <FlagChip flag={flagOf(preview)} interpretation={preview} />
                </Box>
              )}
            </Box>
            <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr 1fr 1fr' } }}>
              <TextInput
                label={t('form.value', { name: a.name })}
                value={row.value}
                onChange={(e) => set(a.analysisId, 'value', e.target.value)}
                disabled={disabled}
                size="small"
                sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
                slotProps={{ htmlInput: { 'data-testid': `value-${a.code}` } }}
              />
              <TextInput label={t('form.unit')} value={row.unit} onChange={(e) => set(a.analysisId, 'unit', e.target.value)} disabled={disabled} size="small" sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }} />
              <TextInput label={t('form.low')} value={row.refLow} onChange={(e) => set(a.analysisId, 'refLow', e.target.value)} disabled={disabled} size="small" slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
              <TextInput label={t('form.high')} value={row.refHigh} onChange={(e) => set(a.analysisId, 'refHigh', e.target.value)} disabled={disabled} size="small" slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
            </Box>
            {a.defaultRefText && (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                {t('form.expectedText', { text: a.defaultRefText })}
              </Typography>
            )}
            {changed && (
              <TextInput
                label={t('form.reason')}
                value={row.reason}
                onChange={(e) => set(a.analysisId, 'reason', e.target.value)}
                disabled={disabled}
                size="small"
                fullWidth
                required
                sx={{ mt: 1 }}
                helperText={t('form.reasonHelp')}
              />
            )}
            {corrects(a, row) && (
              <TextInput
                label={t('form.correction')}
                value={row.correction}
                onChange={(e) => set(a.analysisId, 'correction', e.target.value)}
                disabled={disabled}
                size="small"
                fullWidth
                required
                sx={{ mt: 1 }}
                helperText={t('form.correctionHelp')}
              />
            )}
            <TextInput label={t('form.comment')} value={row.comment} onChange={(e) => set(a.analysisId, 'comment', e.target.value)} disabled={disabled} size="small" fullWidth sx={{ mt: 1 }} />
            <Choice
              type="checkbox"
              checked={row.preliminary}
              onChange={(e) => set(a.analysisId, 'preliminary', e.target.checked)}
              disabled={disabled}
              label={t('form.preliminary')}
              description={t('form.preliminaryHelp')}
            />
            {invalid[a.analysisId] && (
              <Typography color="error" variant="body2" role="alert" sx={{ mt: 0.5 }}>
                {invalid[a.analysisId]}
              </Typography>
            )}
          </Box>
          </Box>
        );
      })}
      {invalid[0] && (
        <Notice severity="info" sx={{ mt: 1 }}>
          {invalid[0]}
        </Notice>
      )}
      {error && (
        <Notice severity="error" sx={{ mt: 1 }}>
          {error}
        </Notice>
      )}
      <Button variant="contained" onClick={submit} disabled={disabled || saving} sx={{ mt: 2, minHeight: 48 }}>
        {saving ? t('form.saving') : t('form.save', { name: patient.firstName })}
      </Button>
      {saved && (
        <Notice severity="success" sx={{ mt: 2 }} role="status">
          {t('order.resultsSaved')}
        </Notice>
      )}
    </Paper>
  );
}

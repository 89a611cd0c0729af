import { useEffect, useState } from 'react';
import { useFormikContext } from 'formik';
import { styled } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { passwordStrength, type PasswordStrength } from '@/lib/passwordStrength';
import type { PasswordScore } from '@/shared/passwordScore';

type Scorer = (password: string, userInputs: (string | null | undefined)[]) => PasswordScore;

/** zxcvbn with its dictionaries, loaded on the first keystroke (a chunk of its own, not in the page's first load). */
function useScorer(active: boolean): Scorer | null {
  const [scorer, setScorer] = useState<{ score: Scorer } | null>(null);
  useEffect(() => {
    if (!active || scorer) return;
    let live = true;
    void import('@/shared/passwordScore').then((m) => {
      if (live) setScorer({ score: m.scorePassword });
    });
    return () => {
      live = false;
    };
  }, [active, scorer]);
  return scorer?.score ?? null;
}

const fromScore = (score: number): PasswordStrength => (score >= 3 ? 'strong' : score === 2 ? 'fair' : 'weak');

const strengthValue = { weak: 33, fair: 66, strong: 100 } as const;

/**
 * The password strength hint: a bar and a word (colour is not the only signal), and while the
 * password is too easy to guess (a zxcvbn score below 3, which the server refuses) zxcvbn's warning
 * and suggestions. The form's e-mail and names count as guessable words. Until zxcvbn has loaded,
 * the bar follows a count of character kinds.
 */
export function PasswordStrengthHint({ password }: { password: string }) {
  const { t } = useTranslation('account');
  const form = useFormikContext<Record<string, unknown> | undefined>();
  const score = useScorer(!!password);
  if (!password) return null;
  const values = form?.values ?? {};
  const inputs = ['email', 'firstName', 'lastName'].map((k) => (typeof values[k] === 'string' ? (values[k] as string) : null));
  const result = score ? score(password, inputs) : null;
  const strength = result ? fromScore(result.score) : passwordStrength(password);
  const advice = result && result.score < 3 ? [result.warning && t(`password.feedback.warnings.${result.warning}`), ...result.suggestions.map((s) => t(`password.feedback.suggestions.${s}`))].filter(Boolean) : [];
  return (
    <StrengthHint aria-live="polite">
      <span className="strength-track" aria-hidden>
        <span className={`strength-bar strength-${strength}`} style={{ width: `${strengthValue[strength]}%` }} />
      </span>
      <span className="strength-word" data-testid="password-strength">
        {t('password.strength', { strength: t(`password.${strength}`) })}
      </span>
      {result && result.score < 3 && (
        <span className="strength-word" data-testid="password-feedback">
          {[t('password.feedback.tooEasy'), ...advice].join(' ')}
        </span>
      )}
    </StrengthHint>
  );
}

/** A thin bar in the strength's colour over a track, and the words under it (one style sheet). */
const StrengthHint = styled('div')(({ theme }) => ({
  marginTop: theme.spacing(-0.5),
  marginBottom: theme.spacing(1),
  '& .strength-track': { display: 'block', height: 6, borderRadius: 3, overflow: 'hidden', backgroundColor: theme.palette.grey[300] },
  '& .strength-bar': { display: 'block', height: '100%', borderRadius: 3, transition: theme.transitions.create('width') },
  '& .strength-weak': { backgroundColor: theme.palette.error.main },
  '& .strength-fair': { backgroundColor: theme.palette.warning.main },
  '& .strength-strong': { backgroundColor: theme.palette.success.main },
  '& .strength-word': { ...theme.typography.caption, display: 'block', color: theme.palette.text.secondary },
}));

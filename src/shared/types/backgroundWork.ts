/** `GET staff/background`: the laboratory's unsent mail and unfinished jobs (docs/openapi.yaml). */
export interface BackgroundMailDto {
  id: number;
  /** The template, e.g. `orderConfirmation`. */
  kind: string;
  /** The recipient, masked (`a***@example.com`). */
  to: string;
  status: 'queued' | 'sending' | 'failed';
  attempts: number;
  lastError: string | null;
  createdAt: string;
  attemptedAt: string | null;
}

export interface BackgroundJobDto {
  id: string;
  name: string;
  state: 'pending' | 'running' | 'retrying' | 'failed';
  attempts: number;
  lastError: string | null;
  runAt: string;
  createdAt: string;
  /** False for money jobs (refunds, hold expiry, KSeF sending): they can be retried, never discarded. */
  discardable: boolean;
}

export interface BackgroundWorkDto {
  mails: BackgroundMailDto[];
  jobs: BackgroundJobDto[];
}

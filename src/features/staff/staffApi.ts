import { backendClient } from '@/lib/apiClient';
import type { NurseVisitDto, NurseVisitsDto, OrderStatusDto, StaffMemberDto, StaffOrderDetailDto, StaffOrderDto, StaffPromoCodeDto } from '@/shared/types/results';
import type { StaffPromoInput } from '@/shared/validation/results';
import type { AuditActionDto, LabAuditRecordDto, SecurityEventDto } from '@/shared/types/audit';
import type { BarrierReportDto, BarrierStatusFilter } from '@/shared/validation/accessibility';
import type { BackgroundWorkDto } from '@/shared/types/backgroundWork';
import type { MoneyDayDto } from '@/shared/types/money';
import type { RejectionReportDto } from '@/shared/sampleRejection';
import type { HeldResultDto, NurseVisitStateDto } from '@/shared/types/staff';
import type { NurseFitDto } from '@/shared/types/needs';

export type NewStaffPromo = StaffPromoInput;
import type { ResultEntry } from '@/shared/validation/results';

/** Calls of the lab staff console (backend root, `staff/*`). */
export const staffApi = {
  orders: (date: string) => backendClient.get<StaffOrderDto[]>('staff/orders', { params: { date } }).then((r) => r.data),
  /** Rejected samples by reason per week and the second rejections to follow up. */
  /** Sensitive results outside their range held for the laboratory's doctor. */
  heldResults: () => backendClient.get<HeldResultDto[]>('staff/held-results').then((r) => r.data),
  releaseHeldResult: (resultId: number, note: string) => backendClient.post<{ releasedAt: string }>(`staff/held-results/${resultId}/release`, { note }).then((r) => r.data),
  rejections: (weeks = 8) => backendClient.get<RejectionReportDto>('staff/rejections', { params: { weeks } }).then((r) => r.data),
  order: (id: number) => backendClient.get<StaffOrderDetailDto>(`staff/orders/${id}`).then((r) => r.data),
  setStatus: (id: number, status: OrderStatusDto) => backendClient.post<StaffOrderDetailDto>(`staff/orders/${id}/status`, { status }).then((r) => r.data),
  /** Posts an HL7 v2 ORU^R01 message (ER7 text); answers the HL7 ACK as text, whatever its code. */
  importHl7: (er7: string) =>
    backendClient
      .post<string>('staff/results/import', er7, {
        headers: { 'Content-Type': 'x-application/hl7-v2+er7', Accept: 'x-application/hl7-v2+er7' },
        responseType: 'text',
        transformResponse: (r: unknown) => r,
        validateStatus: (s) => s === 200 || s === 400 || s === 422,
      })
      .then((r) => String(r.data)),
  /** The day's visits the caller may see (a nurse: their own); without a day, today in the laboratory. */
  visits: (day?: string) => backendClient.get<NurseVisitsDto>('staff/visits', { params: day ? { day } : {} }).then((r) => r.data),
  /** The visit's own state (on the way with the expected arrival, arrived, ...): answers only what changed on the card. */
  visitState: (id: number, body: { state: string; arrivalStart?: string; arrivalEnd?: string; reason?: string }) =>
    backendClient.post<NurseVisitStateDto>(`staff/visits/${id}/state`, body, { headers: { Prefer: 'return=minimal' } }).then((r) => r.data),
  notAtHome: (id: number, note: string) => backendClient.post<NurseVisitDto>(`staff/visits/${id}/not-at-home`, { note }).then((r) => r.data),
  /** With the order: the best fitting nurses first, each with why (`fits`). */
  nurses: (orderId?: number) => backendClient.get<(StaffMemberDto & { fits?: NurseFitDto[] })[]>('staff/nurses', orderId ? { params: { orderId } } : undefined).then((r) => r.data),
  assignNurse: (id: number, nurseUserId: number | null) => backendClient.put<StaffOrderDetailDto>(`staff/orders/${id}/nurse`, { nurseUserId }).then((r) => r.data),
  /** The laboratory's audit trail, newest first: `limit` records before the record `before`, of one action when given. */
  audit: (params: { limit: number; before?: number; action?: AuditActionDto }) => backendClient.get<LabAuditRecordDto[]>('staff/audit', { params }).then((r) => r.data),
  /** The laboratory's money of a day per payment method, and the anomalies to look at. */
  money: (date: string) => backendClient.get<MoneyDayDto>('staff/money', { params: { date } }).then((r) => r.data),
  /** The day's payments and refunds as CSV. */
  moneyCsv: (date: string) => backendClient.get<Blob>('staff/money.csv', { params: { date }, responseType: 'blob' }).then((r) => r.data),
  /** Refused sign-ins and lock-outs of the laboratory's staff, newest first, paged like the audit trail. */
  securityEvents: (params: { limit: number; before?: number; action?: SecurityEventDto['action'] }) =>
    backendClient.get<SecurityEventDto[]>('staff/security-events', { params }).then((r) => r.data),
  /** Reported accessibility barriers, open ones first, soonest due first. */
  barrierReports: (params: { limit: number; offset: number; status?: BarrierStatusFilter }) =>
    backendClient.get<BarrierReportDto[]>('staff/barrier-reports', { params }).then((r) => r.data),
  closeBarrierReport: (id: number) => backendClient.post<BarrierReportDto>(`staff/barrier-reports/${id}/close`).then((r) => r.data),
  /** The laboratory's unsent mail and unfinished jobs. */
  background: () => backendClient.get<BackgroundWorkDto>('staff/background').then((r) => r.data),
  /** Retry now or discard one mail (`mails`) or job (`jobs`); answers the background work after it. */
  backgroundAction: (kind: 'mails' | 'jobs', id: number | string, action: 'retry' | 'discard') =>
    backendClient.post<BackgroundWorkDto>(`staff/background/${kind}/${encodeURIComponent(String(id))}/${action}`).then((r) => r.data),
  promoCodes: () => backendClient.get<StaffPromoCodeDto[]>('staff/promo-codes').then((r) => r.data),
  createPromoCode: (body: NewStaffPromo) => backendClient.post<StaffPromoCodeDto>('staff/promo-codes', body).then((r) => r.data),
  saveResults: (id: number, entries: ResultEntry[]) => backendClient.put<StaffOrderDetailDto>(`staff/orders/${id}/results`, { entries }).then((r) => r.data),
};

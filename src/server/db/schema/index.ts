import type { AnalysisHeaderTable, AnalysisMaterialTable, AnalysisPriceTable, AnalysisReferenceRangeTable, AnalysisSearchTermTable, AnalysisTable, CatalogueHeaderTable, CatalogueTranslationTable, LaboratoryTable, LaboratoryTranslationTable, LaboratoryZoneTable, MaterialPriceTable, MaterialTable, PriceListTable, ProfileAnalysisTable, ProfileTable } from './catalogue';
import type { AuthTokenTable, KnownDeviceTable, LoginAttemptTable, PatientTable, RefreshTokenTable, SecurityEventTable, SessionTable, UserTable } from './accounts';
import type { CartLineTable, CartMaterialDecisionTable } from './cart';
import type { NurseSlotDayTable, NurseSlotTable, VisitEventTable } from './visits';
import type { OrderLineTable, OrderMaterialTable, OrderPatientTable, OrderStatusEventTable, OrderTable, PromoCodeTable, PromoRedemptionTable } from './orders';
import type { InvoiceCounterTable, InvoiceTable, LaboratorySellerTable, PaymentAttemptTable, PaymentRefundTable } from './payments';
import type { AnalysisResultRevisionTable, AnalysisResultTable, ResultShareOpeningTable, ResultShareTable } from './results';
import type { AuditEventTable } from './audit';
import type { JobTable, MailOutboxTable } from './jobs';
import type { BarrierReportTable } from './support';
import type { NotificationSettingTable, PushSubscriptionTable } from './notifications';

export type * from './catalogue';
export type * from './accounts';
export type * from './cart';
export type * from './visits';
export type * from './orders';
export type * from './payments';
export type * from './results';
export type * from './audit';
export type * from './jobs';
export type * from './support';
export type * from './notifications';

/**
 * Database tables. Conventions, the same on SQLite and PostgreSQL:
 * - timestamps are ISO-8601 UTC strings (`2026-11-21T10:00:00.000Z`), dates `YYYY-MM-DD`;
 * - booleans are integers 0/1;
 * - money is an integer number of minor units (cents, grosze, kopecks) in `*_minor` columns.
 */
export interface Database {
  jobs: JobTable;
  mail_outbox: MailOutboxTable;
  laboratories: LaboratoryTable;
  price_lists: PriceListTable;
  catalogue_headers: CatalogueHeaderTable;
  analyses: AnalysisTable;
  analysis_headers: AnalysisHeaderTable;
  analysis_prices: AnalysisPriceTable;
  materials: MaterialTable;
  material_prices: MaterialPriceTable;
  analysis_materials: AnalysisMaterialTable;
  profiles: ProfileTable;
  profile_analyses: ProfileAnalysisTable;
  users: UserTable;
  auth_tokens: AuthTokenTable;
  sessions: SessionTable;
  refresh_tokens: RefreshTokenTable;
  login_attempts: LoginAttemptTable;
  patients: PatientTable;
  cart_lines: CartLineTable;
  cart_material_decisions: CartMaterialDecisionTable;
  nurse_slots: NurseSlotTable;
  orders: OrderTable;
  visit_events: VisitEventTable;
  payment_attempts: PaymentAttemptTable;
  payment_refunds: PaymentRefundTable;
  order_lines: OrderLineTable;
  laboratory_sellers: LaboratorySellerTable;
  invoice_counters: InvoiceCounterTable;
  invoices: InvoiceTable;
  order_materials: OrderMaterialTable;
  order_status_events: OrderStatusEventTable;
  analysis_results: AnalysisResultTable;
  analysis_search_terms: AnalysisSearchTermTable;
  catalogue_translations: CatalogueTranslationTable;
  laboratory_translations: LaboratoryTranslationTable;
  analysis_reference_ranges: AnalysisReferenceRangeTable;
  result_shares: ResultShareTable;
  result_share_openings: ResultShareOpeningTable;
  nurse_slot_days: NurseSlotDayTable;
  laboratory_zones: LaboratoryZoneTable;
  promo_codes: PromoCodeTable;
  promo_redemptions: PromoRedemptionTable;
  order_patients: OrderPatientTable;
  audit_events: AuditEventTable;
  known_devices: KnownDeviceTable;
  security_events: SecurityEventTable;
  barrier_reports: BarrierReportTable;
  analysis_result_revisions: AnalysisResultRevisionTable;
  notification_settings: NotificationSettingTable;
  push_subscriptions: PushSubscriptionTable;
}

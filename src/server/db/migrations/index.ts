import type { Migration, MigrationProvider } from 'kysely';
import { migration as m0001 } from './0001_initial';
import { migration as m0002 } from './0002_search_terms_and_slot_days';
import { migration as m0003 } from './0003_patients_one_self';
import { migration as m0004 } from './0004_catalogue_science_and_shares';
import { migration as m0005Coverage } from './0005_1_visit_coverage';
import { migration as m0005Promo } from './0005_2_promo_codes';
import { migration as m0005Calendar } from './0005_3_calendar_sequence';
import { migration as m0005Nurse } from './0005_5_nurse_role';
import { migration as m0006OrderPatients } from './0006_5_1_order_patients_and_result_revisions';
import { migration as m0006Audit } from './0006_5_2_audit_trail';
import { migration as m0005Jobs } from './0005_4_jobs';
import { migration as m0009Sessions } from './0009_1_sessions';
import { migration as m0010JobQueue } from './0010_0_job_queue_and_mail_outbox';
import { migration as m0010VisitStates } from './0010_2_visit_states';
import { migration as m0010Payments } from './0010_1_payments';
import { migration as m0010Invoices } from './0010_3_invoices';
import { migration as m0010Translations } from './0010_5_1_catalogue_translations';
import { migration as m0010MoreTranslations } from './0010_5_2_catalogue_materials_and_laboratories';
import { migration as m0010Devices } from './0010_4_1_known_devices';
import { migration as m0010Security } from './0010_4_2_security_events';
import { migration as m0010Chain } from './0010_4_3_audit_chain';
import { migration as m0010Barriers } from './0010_4_4_barrier_reports';
import { migration as m0010StaffNames } from './0010_7_staff_display_names';
import { migration as m0013RegistrationConsent } from './0013_3_registration_consent_and_codes';
import { migration as m0010Notifications } from './0010_9_notifications';
import { migration as m0011Synonyms } from './0011_8_1_catalogue_synonyms';
import { migration as m0011Sensitive } from './0011_8_2_sensitive_results';
import { migration as m0011HouseholdConsent } from './0011_7_household_consent';
import { migration as m0011PaymentInvariant } from './0011_1_payment_invariant';
import { migration as m0011MaterialVat } from './0011_2_material_vat';
import { migration as m0011Ksef } from './0011_3_ksef';
import { migration as m0011Rejections } from './0011_5_sample_rejections';
import { migration as m0011Timing } from './0011_6_analysis_timing';
import { migration as m0012RecordTransfers } from './0012_7_1_record_transfers';
import { migration as m0012CheckIns } from './0012_7_2_visit_check_ins';
import { migration as m0013PatientNeeds } from './0013_2_patient_needs';
import { migration as m0012LiveEvents } from './0012_3_order_live_events';
import { migration as m0012Panels } from './0012_8_1_result_reports_and_panels';
import { migration as m0013PatientIdentity } from './0013_4_patient_identity';
import { migration as m0014CatalogueDescriptions } from './0014_5_catalogue_descriptions';

/**
 * Every migration of the shop, one file each (`<prefix>_<name>.ts`). Ordered by name; add a new
 * migration as a new file with a larger prefix and list it here, never edit an applied one.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_search_terms_and_slot_days': m0002,
  '0003_patients_one_self': m0003,
  '0004_catalogue_science_and_shares': m0004,
  '0005_1_visit_coverage': m0005Coverage,
  '0005_2_promo_codes': m0005Promo,
  '0005_3_calendar_sequence': m0005Calendar,
  '0005_5_nurse_role': m0005Nurse,
  '0006_5_1_order_patients_and_result_revisions': m0006OrderPatients,
  '0006_5_2_audit_trail': m0006Audit,
  '0005_4_jobs': m0005Jobs,
  '0009_1_sessions': m0009Sessions,
  '0010_0_job_queue_and_mail_outbox': m0010JobQueue,
  '0010_2_visit_states': m0010VisitStates,
  '0010_1_payments': m0010Payments,
  '0010_3_invoices': m0010Invoices,
  '0010_5_1_catalogue_translations': m0010Translations,
  '0010_5_2_catalogue_materials_and_laboratories': m0010MoreTranslations,
  '0010_4_1_known_devices': m0010Devices,
  '0010_4_2_security_events': m0010Security,
  '0010_4_3_audit_chain': m0010Chain,
  '0010_4_4_barrier_reports': m0010Barriers,
  '0010_7_staff_display_names': m0010StaffNames,
  '0010_9_notifications': m0010Notifications,
  '0011_8_1_catalogue_synonyms': m0011Synonyms,
  '0011_8_2_sensitive_results': m0011Sensitive,
  '0011_7_household_consent': m0011HouseholdConsent,
  '0011_1_payment_invariant': m0011PaymentInvariant,
  '0011_2_material_vat': m0011MaterialVat,
  '0011_3_ksef': m0011Ksef,
  '0011_5_sample_rejections': m0011Rejections,
  '0011_6_analysis_timing': m0011Timing,
  '0012_7_1_record_transfers': m0012RecordTransfers,
  '0012_7_2_visit_check_ins': m0012CheckIns,
  '0012_3_order_live_events': m0012LiveEvents,
  '0012_8_1_result_reports_and_panels': m0012Panels,
  '0013_2_patient_needs': m0013PatientNeeds,
  '0013_4_patient_identity': m0013PatientIdentity,
  '0013_3_registration_consent_and_codes': m0013RegistrationConsent,
  '0014_5_catalogue_descriptions': m0014CatalogueDescriptions,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};

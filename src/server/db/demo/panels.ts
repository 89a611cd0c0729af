import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';
import type { ScienceRange } from './science';
import { insertReferenceRanges } from '../science';
import { upsertTranslations } from '@/server/catalogue/repositories/translations';

/**
 * Panels and text reports of the demo catalogue.
 *
 * - A panel (the complete blood count) is reported as its components, each an analysis of its own
 *   with a LOINC code, a UCUM unit and reference intervals by sex and age, linked to the panel by
 *   `analysis_panel_components`. Components have no price: they are not sold alone and not listed
 *   in the catalogue; results are entered (or imported by LOINC) per component and shown under the
 *   panel's name.
 * - `reports_text`: analyses whose result is a written report (genetics, urinalysis, blood group,
 *   allergy panels). Only these accept free text; every other analysis takes a number or, where its
 *   interval is a text, a qualitative finding.
 *
 * Intervals are common adult and paediatric haematology intervals (demo data, not a laboratory's
 * validated ones); ages are completed years on the sampling day, the first band that applies wins.
 */
export interface DemoComponent {
  code: string;
  name: string;
  ru: string;
  pl: string;
  loinc: string;
  /** Display unit (`analyses.result_unit`). */
  unit: string;
  /** UCUM code of the unit. */
  ucum: string;
  ranges: ScienceRange[];
  criticalLow?: number;
  criticalHigh?: number;
}

const M = 'male' as const;
const F = 'female' as const;

export const CBC_COMPONENTS: DemoComponent[] = [
  {
    code: 'CBC-WBC', name: 'White blood cells (WBC)', ru: 'Лейкоциты (WBC)', pl: 'Leukocyty (WBC)', loinc: '6690-2', unit: '10^9/L', ucum: '10*9/L',
    ranges: [{ maxAge: 5, low: 5, high: 15 }, { maxAge: 17, low: 4.5, high: 13.5 }, { low: 4, high: 10 }], criticalLow: 2, criticalHigh: 30,
  },
  {
    code: 'CBC-RBC', name: 'Red blood cells (RBC)', ru: 'Эритроциты (RBC)', pl: 'Erytrocyty (RBC)', loinc: '789-8', unit: '10^12/L', ucum: '10*12/L',
    ranges: [{ maxAge: 17, low: 4, high: 5.5 }, { gender: M, low: 4.5, high: 5.9 }, { gender: F, low: 4, high: 5.2 }],
  },
  {
    code: 'CBC-HGB', name: 'Haemoglobin (HGB)', ru: 'Гемоглобин (HGB)', pl: 'Hemoglobina (HGB)', loinc: '718-7', unit: 'g/dL', ucum: 'g/dL',
    ranges: [{ maxAge: 5, low: 11, high: 14.5 }, { maxAge: 17, low: 11.5, high: 15.5 }, { gender: M, low: 13.5, high: 17.5 }, { gender: F, low: 12, high: 16 }],
    criticalLow: 7, criticalHigh: 20,
  },
  {
    code: 'CBC-HCT', name: 'Haematocrit (HCT)', ru: 'Гематокрит (HCT)', pl: 'Hematokryt (HCT)', loinc: '4544-3', unit: '%', ucum: '%',
    ranges: [{ maxAge: 17, low: 34, high: 45 }, { gender: M, low: 40, high: 52 }, { gender: F, low: 36, high: 46 }],
  },
  {
    code: 'CBC-MCV', name: 'Mean cell volume (MCV)', ru: 'Средний объём эритроцита (MCV)', pl: 'Średnia objętość krwinki (MCV)', loinc: '787-2', unit: 'fL', ucum: 'fL',
    ranges: [{ maxAge: 17, low: 75, high: 95 }, { low: 80, high: 100 }],
  },
  {
    code: 'CBC-MCH', name: 'Mean cell haemoglobin (MCH)', ru: 'Среднее содержание гемоглобина в эритроците (MCH)', pl: 'Średnia masa hemoglobiny w krwince (MCH)', loinc: '785-6', unit: 'pg', ucum: 'pg',
    ranges: [{ maxAge: 17, low: 24, high: 33 }, { low: 27, high: 33 }],
  },
  {
    code: 'CBC-MCHC', name: 'Mean cell haemoglobin concentration (MCHC)', ru: 'Средняя концентрация гемоглобина в эритроците (MCHC)', pl: 'Średnie stężenie hemoglobiny w krwince (MCHC)', loinc: '786-4', unit: 'g/dL', ucum: 'g/dL',
    ranges: [{ low: 32, high: 36 }],
  },
  {
    code: 'CBC-PLT', name: 'Platelets (PLT)', ru: 'Тромбоциты (PLT)', pl: 'Płytki krwi (PLT)', loinc: '777-3', unit: '10^9/L', ucum: '10*9/L',
    ranges: [{ maxAge: 5, low: 200, high: 490 }, { low: 150, high: 400 }], criticalLow: 20, criticalHigh: 1000,
  },
  {
    code: 'CBC-RDW', name: 'Red cell distribution width (RDW-CV)', ru: 'Ширина распределения эритроцитов (RDW-CV)', pl: 'Rozkład objętości krwinek (RDW-CV)', loinc: '788-0', unit: '%', ucum: '%',
    ranges: [{ low: 11.5, high: 14.5 }],
  },
];

/** The five-part differential, as absolute counts. */
export const DIFFERENTIAL_COMPONENTS: DemoComponent[] = [
  {
    code: 'CBC-NEUT', name: 'Neutrophils (NEUT#)', ru: 'Нейтрофилы (NEUT#)', pl: 'Neutrofile (NEUT#)', loinc: '751-8', unit: '10^9/L', ucum: '10*9/L',
    ranges: [{ maxAge: 17, low: 1.5, high: 8 }, { low: 1.8, high: 7.7 }], criticalLow: 0.5,
  },
  {
    code: 'CBC-LYMPH', name: 'Lymphocytes (LYMPH#)', ru: 'Лимфоциты (LYMPH#)', pl: 'Limfocyty (LYMPH#)', loinc: '731-0', unit: '10^9/L', ucum: '10*9/L',
    ranges: [{ maxAge: 17, low: 1.5, high: 6.5 }, { low: 1, high: 4.8 }],
  },
  {
    code: 'CBC-MONO', name: 'Monocytes (MONO#)', ru: 'Моноциты (MONO#)', pl: 'Monocyty (MONO#)', loinc: '742-7', unit: '10^9/L', ucum: '10*9/L',
    ranges: [{ low: 0.2, high: 1 }],
  },
  {
    code: 'CBC-EOS', name: 'Eosinophils (EOS#)', ru: 'Эозинофилы (EOS#)', pl: 'Eozynofile (EOS#)', loinc: '711-2', unit: '10^9/L', ucum: '10*9/L',
    ranges: [{ low: 0, high: 0.5 }],
  },
  {
    code: 'CBC-BASO', name: 'Basophils (BASO#)', ru: 'Базофилы (BASO#)', pl: 'Bazofile (BASO#)', loinc: '704-7', unit: '10^9/L', ucum: '10*9/L',
    ranges: [{ low: 0, high: 0.2 }],
  },
];

/** Panels of the demo catalogue by code: the components, in the order they are reported. */
export const DEMO_PANELS: Record<string, DemoComponent[]> = {
  GB001: [...CBC_COMPONENTS, ...DIFFERENTIAL_COMPONENTS],
  GB002: [...CBC_COMPONENTS, ...DIFFERENTIAL_COMPONENTS],
};

/** Demo analyses whose result is a written report (free text). */
export const DEMO_TEXT_REPORTS = [
  'GB040', 'GB043', 'AL022', 'AL023', 'AL024',
  'GN001', 'GN004', 'GN005', 'GN006', 'GN007', 'GN008', 'GN009', 'GN010', 'GN011', 'GN012', 'GN013', 'GN014', 'GN015', 'GN016', 'GN017', 'GN018', 'GN019', 'GN020',
];

type Q = Kysely<Database> | Transaction<Database>;

/**
 * Marks the demo text reports and writes the demo panels' components (analyses with their science
 * and ru/pl names) and links, for the demo panels present. Idempotent: run by the seed of an empty
 * database and by migration 0012_8_1 for a database seeded before it.
 */
export async function applyDemoPanels(db: Q): Promise<void> {
  await db.updateTable('analyses').set({ reports_text: 1 }).where('code', 'in', DEMO_TEXT_REPORTS).execute();
  const panels = await db.selectFrom('analyses').select(['id', 'code', 'exec_period']).where('code', 'in', Object.keys(DEMO_PANELS)).execute();
  if (!panels.length) return;
  const componentIds = new Map<string, number>();
  const all = [...new Map(Object.values(DEMO_PANELS).flat().map((c) => [c.code, c])).values()];
  const existing = await db.selectFrom('analyses').select(['id', 'code']).where('code', 'in', all.map((c) => c.code)).execute();
  for (const r of existing) componentIds.set(r.code, r.id);
  const execPeriod = Math.max(...panels.map((p) => p.exec_period));
  for (const c of all) {
    if (componentIds.has(c.code)) continue;
    const row = await db
      .insertInto('analyses')
      .values({
        code: c.code,
        name: c.name,
        search_text: `${c.code} ${c.name}`.toLowerCase(),
        description: c.name,
        exec_period: execPeriod,
        fasting_hours: 0,
        preparation: '',
        restriction_gender: null,
        restriction_min_age: null,
        restriction_max_age: null,
        result_unit: c.unit,
        ref_low: null,
        ref_high: null,
        loinc: c.loinc,
        ucum_unit: c.ucum,
        critical_low: c.criticalLow ?? null,
        critical_high: c.criticalHigh ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    componentIds.set(c.code, row.id);
    await insertReferenceRanges(db as Kysely<Database>, row.id, c.ranges);
    await upsertTranslations(db, [
      { kind: 'analysis', item_id: row.id, language: 'ru', name: c.ru, description: '', synonyms: '' },
      { kind: 'analysis', item_id: row.id, language: 'pl', name: c.pl, description: '', synonyms: '' },
    ]);
  }
  for (const panel of panels) {
    const linked = new Set(
      (await db.selectFrom('analysis_panel_components').select('component_id').where('panel_id', '=', panel.id).execute()).map((r) => r.component_id),
    );
    const rows = (DEMO_PANELS[panel.code] ?? [])
      .map((c, position) => ({ panel_id: panel.id, component_id: componentIds.get(c.code) as number, position }))
      .filter((r) => !linked.has(r.component_id));
    if (rows.length) await db.insertInto('analysis_panel_components').values(rows).execute();
  }
}

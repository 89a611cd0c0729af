import type { Db } from '@/server/db/createDb';
import { listPanelComponents } from './repositories/panels';

/**
 * Panels: an analysis reported as components (the complete blood count: WBC, RBC, HGB ...), each an
 * analysis of its own with LOINC, unit and intervals (`analysis_panel_components`). The order line
 * is the panel's; its results are the components'. A panel line has its result when every
 * component has one (and is final when every component's is).
 */

export interface PanelComponent {
  panelId: number;
  componentId: number;
  position: number;
  code: string;
  name: string;
  resultUnit: string | null;
}

export interface Panels {
  /** Components of each panel among the analyses asked about, in report order. */
  components: Map<number, PanelComponent[]>;
}

/** The components of those of `analysisIds` that are panels. */
export async function findPanels(db: Db, analysisIds: number[]): Promise<Panels> {
  const ids = [...new Set(analysisIds)];
  const components = new Map<number, PanelComponent[]>();
  if (!ids.length) return { components };
  const rows = await listPanelComponents(db, ids);
  for (const r of rows) {
    const list = components.get(r.panel_id) ?? [];
    list.push({ panelId: r.panel_id, componentId: r.component_id, position: r.position, code: r.code, name: r.name, resultUnit: r.result_unit });
    components.set(r.panel_id, list);
  }
  return { components };
}

interface LineLike {
  patient_id: number;
  analysis_id: number;
}

/**
 * The order line a result of (patient, analysis) belongs to: the line of that analysis, or the line
 * of a panel of which it is a component. Undefined when the patient has neither.
 */
export function lineOfResult<L extends LineLike>(lines: readonly L[], panels: Panels, patientId: number, analysisId: number): L | undefined {
  const own = lines.find((l) => l.patient_id === patientId && l.analysis_id === analysisId);
  if (own) return own;
  return lines.find((l) => l.patient_id === patientId && (panels.components.get(l.analysis_id) ?? []).some((c) => c.componentId === analysisId));
}

/** `has` (and `final`) when the line's result is in, for a panel when every component's is. */
export function lineResultState(line: LineLike, panels: Panels, results: readonly { patient_id: number; analysis_id: number; preliminary: number }[]): { has: boolean; final: boolean } {
  const parts = panels.components.get(line.analysis_id);
  const ids = parts?.length ? parts.map((c) => c.componentId) : [line.analysis_id];
  const found = ids.map((id) => results.find((r) => r.patient_id === line.patient_id && r.analysis_id === id));
  const has = found.every(Boolean);
  return { has, final: has && found.every((r) => r?.preliminary !== 1) };
}

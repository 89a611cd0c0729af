import type { Db } from '@/server/db/createDb';

/** The components of the panels among `panelIds` (`analysis_panel_components` with the component's code, name and unit), by panel and position. */
export async function listPanelComponents(db: Db, panelIds: number[]) {
  if (!panelIds.length) return [];
  return db
    .selectFrom('analysis_panel_components')
    .innerJoin('analyses', 'analyses.id', 'analysis_panel_components.component_id')
    .select(['analysis_panel_components.panel_id', 'analysis_panel_components.component_id', 'analysis_panel_components.position', 'analyses.code', 'analyses.name', 'analyses.result_unit'])
    .where('analysis_panel_components.panel_id', 'in', panelIds)
    .orderBy('analysis_panel_components.panel_id')
    .orderBy('analysis_panel_components.position')
    .execute();
}

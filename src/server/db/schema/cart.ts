/** Cart lines and the material decisions made while adding to the cart. Conventions in index.ts. */
export interface CartLineTable {
  user_id: number;
  patient_id: number;
  analysis_id: number;
  /** The profile the analysis was added through, if any. */
  profile_id: number | null;
  added_at: string;
}

export interface CartMaterialDecisionTable {
  user_id: number;
  material_id: number;
  /** 1: buy the material from the laboratory; 0: the patient brings their own. */
  bought: number;
}

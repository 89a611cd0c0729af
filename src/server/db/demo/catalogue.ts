/**
 * Demo catalogue: headers, sample materials and ~170 analyses over the six categories.
 * Base prices are in EUR and converted per price list (see laboratories.ts).
 */
export const HEADER_POPULAR = 23;

export const DEMO_HEADERS: { id: number; name: string }[] = [
  { id: 1, name: 'Autoimmune diseases' },
  { id: 2, name: 'Hormones' },
  { id: 3, name: 'Allergology' },
  { id: 4, name: 'General blood tests' },
  { id: 5, name: 'Genetics' },
  { id: 6, name: 'Diagnostics' },
  { id: 23, name: 'Popular' },
  { id: 24, name: 'Home sampling available' },
  { id: 25, name: 'Express results' },
  { id: 26, name: 'Requires referral review' },
  { id: 29, name: 'Landing page' },
  { id: 30, name: 'Partner laboratory' },
];

export interface DemoMaterial {
  key: string;
  name: string;
  /** Base price, EUR. */
  price: number;
  /** The patient may bring it instead of buying it. */
  optional: boolean;
  /** VAT when the laboratory sells it as goods; absent: exempt as part of the service (`zw`). */
  vatRate?: '8' | '23';
}

export const DEMO_MATERIALS: DemoMaterial[] = [
  { key: 'V', name: 'Venous blood collection kit', price: 2.5, optional: false },
  { key: 'U', name: 'Urine container', price: 1, optional: true },
  { key: 'S', name: 'Stool container', price: 1.2, optional: true },
  { key: 'B', name: 'Buccal swab kit', price: 4, optional: false },
  { key: 'T', name: 'Throat swab kit', price: 3, optional: false },
  { key: 'N', name: 'Nasopharyngeal swab kit', price: 3.5, optional: false },
  { key: 'L', name: 'Saliva collection tube', price: 2, optional: true, vatRate: '23' },
  { key: 'C', name: 'Citrate blood tube (coagulation)', price: 1.5, optional: false },
  { key: 'K', name: 'Sterile urine culture container', price: 1.8, optional: false },
];

export interface DemoAnalysisOpts {
  /** Extra headers (another category, popular 23, technical 24-30). */
  h?: number[];
  g?: 'male' | 'female';
  min?: number;
  max?: number;
  /** Base price, EUR. */
  p?: number;
  d?: string;
  prep?: string;
}

/** code, name, execution days, fasting hours, material keys, unit, ref low, ref high, options */
export type DemoAnalysisRow = [string, string, number, number, string, string | null, number | null, number | null, DemoAnalysisOpts?];

const P = HEADER_POPULAR;

const GENERAL: DemoAnalysisRow[] = [
  ['GB001', 'Complete blood count', 1, 0, 'V', null, null, null, { h: [P, 24, 29], p: 6, d: 'Red and white blood cells, haemoglobin, haematocrit and platelets: the basic screen of overall health, anaemia and infection.' }],
  ['GB002', 'Complete blood count with differential', 1, 0, 'V', null, null, null, { h: [24], p: 8, d: 'Blood count with the share of each type of white blood cell (neutrophils, lymphocytes, monocytes, eosinophils, basophils).' }],
  ['GB003', 'Erythrocyte sedimentation rate (ESR)', 1, 0, 'V', 'mm/h', 0, 20, { p: 3, d: 'A non-specific marker of inflammation.' }],
  ['GB004', 'Glucose (fasting)', 1, 8, 'V', 'mmol/L', 3.9, 5.6, { h: [P, 24, 25], p: 3, d: 'Blood sugar after an overnight fast: screening for diabetes and prediabetes.' }],
  ['GB005', 'Glycated haemoglobin (HbA1c)', 1, 0, 'V', '%', 4, 5.6, { h: [P], p: 9, d: 'Average blood sugar over the last two to three months.' }],
  ['GB006', 'Total cholesterol', 1, 12, 'V', 'mmol/L', 0, 5.2, { h: [P], p: 3.5, d: 'Total amount of cholesterol in the blood, a cardiovascular risk marker.' }],
  ['GB007', 'HDL cholesterol', 1, 12, 'V', 'mmol/L', 1, 3, { p: 4 }],
  ['GB008', 'LDL cholesterol', 1, 12, 'V', 'mmol/L', 0, 3, { p: 4.5 }],
  ['GB009', 'Triglycerides', 1, 12, 'V', 'mmol/L', 0, 1.7, { p: 3.5 }],
  ['GB010', 'ALT (alanine aminotransferase)', 1, 0, 'V', 'U/L', 0, 41, { h: [P], p: 3, d: 'Liver enzyme; raised levels point to liver cell damage.' }],
  ['GB011', 'AST (aspartate aminotransferase)', 1, 0, 'V', 'U/L', 0, 40, { p: 3 }],
  ['GB012', 'GGT (gamma-glutamyl transferase)', 1, 0, 'V', 'U/L', 0, 60, { p: 3.5 }],
  ['GB013', 'Alkaline phosphatase', 1, 0, 'V', 'U/L', 40, 130, { p: 3 }],
  ['GB014', 'Total bilirubin', 1, 0, 'V', 'µmol/L', 3.4, 20.5, { p: 3 }],
  ['GB015', 'Direct bilirubin', 1, 0, 'V', 'µmol/L', 0, 8.6, { p: 3 }],
  ['GB016', 'Total protein', 1, 0, 'V', 'g/L', 64, 83, { p: 3 }],
  ['GB017', 'Albumin', 1, 0, 'V', 'g/L', 35, 52, { p: 3.5 }],
  ['GB018', 'Creatinine', 1, 0, 'V', 'µmol/L', 62, 115, { h: [P], p: 3, d: 'Kidney function marker; used to estimate the glomerular filtration rate (eGFR).' }],
  ['GB019', 'Urea', 1, 0, 'V', 'mmol/L', 2.8, 7.2, { p: 3 }],
  ['GB020', 'Uric acid', 1, 0, 'V', 'µmol/L', 200, 420, { p: 3 }],
  ['GB021', 'Sodium', 1, 0, 'V', 'mmol/L', 136, 145, { p: 2.5 }],
  ['GB022', 'Potassium', 1, 0, 'V', 'mmol/L', 3.5, 5.1, { p: 2.5 }],
  ['GB023', 'Chloride', 1, 0, 'V', 'mmol/L', 98, 107, { p: 2.5 }],
  ['GB024', 'Calcium (total)', 1, 0, 'V', 'mmol/L', 2.15, 2.55, { p: 3 }],
  ['GB025', 'Magnesium', 1, 0, 'V', 'mmol/L', 0.66, 1.07, { p: 3 }],
  ['GB026', 'Phosphorus', 1, 0, 'V', 'mmol/L', 0.81, 1.45, { p: 3 }],
  ['GB027', 'Iron (serum)', 1, 8, 'V', 'µmol/L', 10.7, 32.2, { p: 3.5 }],
  ['GB028', 'Ferritin', 1, 0, 'V', 'µg/L', 30, 400, { h: [P], p: 8, d: 'The body\'s iron stores; low ferritin is the earliest sign of iron deficiency.' }],
  ['GB029', 'Transferrin', 1, 0, 'V', 'g/L', 2, 3.6, { p: 6 }],
  ['GB030', 'Vitamin B12', 2, 0, 'V', 'pmol/L', 145, 569, { h: [P], p: 9 }],
  ['GB031', 'Folic acid', 2, 0, 'V', 'nmol/L', 7, 46, { p: 9 }],
  ['GB032', 'Vitamin D (25-OH)', 2, 0, 'V', 'nmol/L', 75, 250, { h: [P, 29], p: 14, d: 'The storage form of vitamin D; shows deficiency common in northern Europe in winter.' }],
  ['GB033', 'C-reactive protein (CRP)', 1, 0, 'V', 'mg/L', 0, 5, { h: [P, 25], p: 5, d: 'Acute-phase protein that rises within hours of infection or inflammation.' }],
  ['GB034', 'Prothrombin time (INR)', 1, 0, 'V,C', 'INR', 0.8, 1.2, { p: 4 }],
  ['GB035', 'Activated partial thromboplastin time (APTT)', 1, 0, 'V,C', 's', 25, 37, { p: 4 }],
  ['GB036', 'Fibrinogen', 1, 0, 'V,C', 'g/L', 2, 4, { p: 4 }],
  ['GB037', 'D-dimer', 1, 0, 'V,C', 'µg/mL', 0, 0.5, { p: 12 }],
  ['GB038', 'Amylase', 1, 0, 'V', 'U/L', 28, 100, { p: 4 }],
  ['GB039', 'Lipase', 1, 0, 'V', 'U/L', 13, 60, { p: 6 }],
  ['GB040', 'General urine analysis', 1, 0, 'U', null, null, null, { h: [P, 24], p: 3, d: 'Physical, chemical and microscopic examination of a morning urine sample.', prep: 'Collect the first morning urine, midstream, after washing.' }],
  ['GB041', 'Urine culture with antibiogram', 5, 0, 'K', null, null, null, { p: 14, prep: 'Collect the first morning urine, midstream, into the sterile container.' }],
  ['GB042', 'Reticulocyte count', 1, 0, 'V', '%', 0.5, 2.5, { p: 4 }],
  ['GB043', 'Blood group and Rh factor', 2, 0, 'V', null, null, null, { p: 10 }],
  ['GB044', 'Creatine kinase (CK)', 1, 0, 'V', 'U/L', 39, 308, { p: 4 }],
  ['GB045', 'Lactate dehydrogenase (LDH)', 1, 0, 'V', 'U/L', 135, 225, { p: 4 }],
];

const HORMONES: DemoAnalysisRow[] = [
  ['HR001', 'TSH', 1, 0, 'V', 'mIU/L', 0.4, 4, { h: [P, 24, 29], p: 6, d: 'Thyroid-stimulating hormone: the first test for an under- or overactive thyroid.' }],
  ['HR002', 'Free T4', 1, 0, 'V', 'pmol/L', 12, 22, { h: [P], p: 6 }],
  ['HR003', 'Free T3', 1, 0, 'V', 'pmol/L', 3.1, 6.8, { p: 6 }],
  ['HR004', 'Thyroglobulin', 3, 0, 'V', 'ng/mL', 3.5, 77, { p: 14 }],
  ['HR005', 'Calcitonin', 3, 0, 'V', 'pg/mL', 0, 10, { p: 18 }],
  ['HR006', 'Cortisol (morning)', 1, 0, 'V', 'nmol/L', 171, 536, { p: 8, prep: 'Sample between 7:00 and 9:00 in the morning.' }],
  ['HR007', 'ACTH', 2, 0, 'V', 'pg/mL', 7.2, 63.3, { p: 16 }],
  ['HR008', 'Insulin (fasting)', 1, 8, 'V', 'µIU/mL', 2.6, 24.9, { p: 9 }],
  ['HR009', 'C-peptide', 2, 8, 'V', 'ng/mL', 1.1, 4.4, { p: 12 }],
  ['HR010', 'Prolactin', 1, 0, 'V', 'ng/mL', 4, 23, { p: 8 }],
  ['HR011', 'Luteinising hormone (LH)', 1, 0, 'V', 'IU/L', 1.7, 8.6, { p: 7 }],
  ['HR012', 'Follicle-stimulating hormone (FSH)', 1, 0, 'V', 'IU/L', 1.5, 12.4, { p: 7 }],
  ['HR013', 'Estradiol', 1, 0, 'V', 'pmol/L', 45, 854, { p: 8 }],
  ['HR014', 'Progesterone', 1, 0, 'V', 'nmol/L', 0.6, 89, { g: 'female', p: 8 }],
  ['HR015', 'Testosterone (total)', 1, 0, 'V', 'nmol/L', 8.6, 29, { p: 8 }],
  ['HR016', 'Free testosterone', 3, 0, 'V', 'pg/mL', 8.7, 25.1, { g: 'male', p: 15 }],
  ['HR017', 'DHEA-S', 1, 0, 'V', 'µmol/L', 2.2, 15.2, { p: 9 }],
  ['HR018', 'Sex hormone-binding globulin (SHBG)', 2, 0, 'V', 'nmol/L', 18.3, 54.1, { p: 11 }],
  ['HR019', '17-OH progesterone', 3, 0, 'V', 'nmol/L', 0.5, 6.4, { p: 13 }],
  ['HR020', 'Anti-Müllerian hormone (AMH)', 3, 0, 'V', 'ng/mL', 1, 10, { g: 'female', min: 18, max: 50, p: 30, d: 'Ovarian reserve: an estimate of the remaining egg supply, used in fertility planning.' }],
  ['HR021', 'Parathyroid hormone (PTH)', 2, 0, 'V', 'pg/mL', 15, 65, { p: 12 }],
  ['HR022', 'Growth hormone (GH)', 3, 8, 'V', 'ng/mL', 0, 10, { p: 14 }],
  ['HR023', 'IGF-1 (somatomedin C)', 5, 0, 'V', 'ng/mL', 115, 307, { p: 22 }],
  ['HR024', 'hCG (quantitative)', 1, 0, 'V', 'IU/L', 0, 5, { g: 'female', min: 14, max: 55, h: [25], p: 8, d: 'Human chorionic gonadotropin: confirms and follows an early pregnancy.' }],
  ['HR025', 'Aldosterone', 5, 0, 'V', 'pmol/L', 70, 970, { p: 18 }],
  ['HR026', 'Renin (direct)', 5, 0, 'V', 'µIU/mL', 4.4, 46.1, { p: 20 }],
  ['HR027', 'Androstenedione', 5, 0, 'V', 'nmol/L', 1, 11.5, { p: 16 }],
  ['HR028', 'Osteocalcin', 5, 0, 'V', 'ng/mL', 11, 43, { p: 16 }],
  ['HR029', 'Cortisol (saliva, evening)', 3, 0, 'L', 'nmol/L', 0, 4.1, { p: 14, prep: 'Collect saliva at 23:00; do not eat, drink or brush teeth 30 minutes before.' }],
  ['HR030', 'Insulin resistance index (HOMA-IR)', 1, 8, 'V', null, 0, 2.5, { p: 11 }],
];

const AUTOIMMUNE: DemoAnalysisRow[] = [
  ['AI001', 'Antinuclear antibodies (ANA), IIF', 5, 0, 'V', null, null, null, { p: 22, d: 'Screening test for systemic autoimmune diseases such as lupus and Sjögren\'s syndrome.' }],
  ['AI002', 'Anti-dsDNA antibodies', 5, 0, 'V', 'IU/mL', 0, 100, { p: 20 }],
  ['AI003', 'ENA screen (extractable nuclear antigens)', 5, 0, 'V', null, null, null, { p: 25 }],
  ['AI004', 'Rheumatoid factor (RF)', 2, 0, 'V', 'IU/mL', 0, 14, { p: 6 }],
  ['AI005', 'Anti-CCP antibodies', 3, 0, 'V', 'U/mL', 0, 17, { p: 18 }],
  ['AI006', 'Anti-tissue transglutaminase IgA (tTG-IgA)', 5, 0, 'V', 'U/mL', 0, 20, { p: 17 }],
  ['AI007', 'Anti-gliadin IgG (DGP)', 5, 0, 'V', 'U/mL', 0, 20, { p: 17 }],
  ['AI008', 'Anti-endomysial antibodies IgA (EMA)', 7, 0, 'V', null, null, null, { p: 24 }],
  ['AI009', 'ANCA (p-ANCA and c-ANCA)', 7, 0, 'V', null, null, null, { p: 28 }],
  ['AI010', 'Anti-cardiolipin IgG', 5, 0, 'V', 'GPL/mL', 0, 10, { p: 15 }],
  ['AI011', 'Anti-cardiolipin IgM', 5, 0, 'V', 'MPL/mL', 0, 7, { p: 15 }],
  ['AI012', 'Anti-β2-glycoprotein I IgG', 5, 0, 'V', 'U/mL', 0, 20, { p: 18 }],
  ['AI013', 'Lupus anticoagulant', 5, 0, 'V,C', null, null, null, { p: 26 }],
  ['AI014', 'Complement C3', 2, 0, 'V', 'g/L', 0.9, 1.8, { p: 8 }],
  ['AI015', 'Complement C4', 2, 0, 'V', 'g/L', 0.1, 0.4, { p: 8 }],
  ['AI016', 'Anti-mitochondrial antibodies (AMA-M2)', 7, 0, 'V', 'U/mL', 0, 20, { p: 20 }],
  ['AI017', 'Anti-smooth muscle antibodies (ASMA)', 7, 0, 'V', null, null, null, { p: 20 }],
  ['AI018', 'Anti-parietal cell antibodies', 7, 0, 'V', null, null, null, { p: 20 }],
  ['AI019', 'Anti-intrinsic factor antibodies', 7, 0, 'V', 'AU/mL', 0, 1.5, { p: 20 }],
  ['AI020', 'Anti-TPO antibodies', 2, 0, 'V', 'IU/mL', 0, 34, { h: [2], p: 9, d: 'Antibodies against thyroid peroxidase: the marker of Hashimoto\'s thyroiditis.' }],
  ['AI021', 'Anti-thyroglobulin antibodies (anti-TG)', 2, 0, 'V', 'IU/mL', 0, 115, { h: [2], p: 9 }],
  ['AI022', 'Anti-TSH receptor antibodies (TRAb)', 5, 0, 'V', 'IU/L', 0, 1.75, { h: [2], p: 24 }],
  ['AI023', 'Anti-GAD antibodies', 7, 0, 'V', 'IU/mL', 0, 10, { p: 30 }],
  ['AI024', 'Antistreptolysin O (ASO)', 2, 0, 'V', 'IU/mL', 0, 200, { p: 6 }],
];

const ALLERGY: DemoAnalysisRow[] = [
  ['AL001', 'Total IgE', 2, 0, 'V', 'kU/L', 0, 100, { h: [P], p: 8, d: 'Total immunoglobulin E, raised in allergies and parasitic infections.' }],
  ['AL002', 'Specific IgE: birch pollen (t3)', 3, 0, 'V', 'kUA/L', 0, 0.35, { p: 10 }],
  ['AL003', 'Specific IgE: timothy grass (g6)', 3, 0, 'V', 'kUA/L', 0, 0.35, { p: 10 }],
  ['AL004', 'Specific IgE: house dust mite D. pteronyssinus (d1)', 3, 0, 'V', 'kUA/L', 0, 0.35, { p: 10 }],
  ['AL005', 'Specific IgE: house dust mite D. farinae (d2)', 3, 0, 'V', 'kUA/L', 0, 0.35, { p: 10 }],
  ['AL006', 'Specific IgE: cat dander (e1)', 3, 0, 'V', 'kUA/L', 0, 0.35, { p: 10 }],
  ['AL007', 'Specific IgE: dog dander (e5)', 3, 0, 'V', 'kUA/L', 0, 0.35, { p: 10 }],
  ['AL008', "Specific IgE: cow's milk (f2)", 3, 0, 'V', 'kUA/L', 0, 0.35, { p: 10 }],
  ['AL009', 'Specific IgE: egg white (f1)', 3, 0, 'V', 'kUA/L', 0, 0.35, { p: 10 }],
  ['AL010', 'Specific IgE: peanut (f13)', 3, 0, 'V', 'kUA/L', 0, 0.35, { p: 10 }],
  ['AL011', 'Specific IgE: hazelnut (f17)', 3, 0, 'V', 'kUA/L', 0, 0.35, { p: 10 }],
  ['AL012', 'Specific IgE: wheat flour (f4)', 3, 0, 'V', 'kUA/L', 0, 0.35, { p: 10 }],
  ['AL013', 'Specific IgE: codfish (f3)', 3, 0, 'V', 'kUA/L', 0, 0.35, { p: 10 }],
  ['AL014', 'Specific IgE: shrimp (f24)', 3, 0, 'V', 'kUA/L', 0, 0.35, { p: 10 }],
  ['AL015', 'Specific IgE: mugwort (w6)', 3, 0, 'V', 'kUA/L', 0, 0.35, { p: 10 }],
  ['AL016', 'Specific IgE: ragweed (w1)', 3, 0, 'V', 'kUA/L', 0, 0.35, { p: 10 }],
  ['AL017', 'Specific IgE: Alternaria alternata (m6)', 3, 0, 'V', 'kUA/L', 0, 0.35, { p: 10 }],
  ['AL018', 'Specific IgE: bee venom (i1)', 3, 0, 'V', 'kUA/L', 0, 0.35, { p: 12 }],
  ['AL019', 'Specific IgE: wasp venom (i3)', 3, 0, 'V', 'kUA/L', 0, 0.35, { p: 12 }],
  ['AL020', 'Specific IgE: latex (k82)', 3, 0, 'V', 'kUA/L', 0, 0.35, { p: 12 }],
  ['AL021', 'Specific IgE: soybean (f14)', 3, 0, 'V', 'kUA/L', 0, 0.35, { p: 10 }],
  ['AL022', 'Allergy panel: inhalants (20 allergens)', 5, 0, 'V', null, null, null, { p: 65, h: [29] }],
  ['AL023', 'Allergy panel: food (20 allergens)', 5, 0, 'V', null, null, null, { p: 65 }],
  ['AL024', 'Allergy panel: paediatric (mixed, 20 allergens)', 5, 0, 'V', null, null, null, { p: 65, max: 17 }],
  ['AL025', 'Eosinophil cationic protein (ECP)', 5, 0, 'V', 'µg/L', 0, 24, { p: 20 }],
  ['AL026', 'Tryptase', 5, 0, 'V', 'µg/L', 0, 11.4, { p: 25 }],
];

const GENETICS: DemoAnalysisRow[] = [
  ['GN001', 'HLA-DQ2/DQ8 (coeliac disease genetics)', 14, 0, 'B', null, null, null, { h: [1, 26], p: 85, d: 'Excludes coeliac disease when neither risk variant is present.' }],
  ['GN002', 'Factor V Leiden mutation', 10, 0, 'V', null, null, null, { p: 45 }],
  ['GN003', 'Prothrombin G20210A mutation', 10, 0, 'V', null, null, null, { p: 45 }],
  ['GN004', 'MTHFR C677T and A1298C', 10, 0, 'V', null, null, null, { p: 50 }],
  ['GN005', 'Lactose intolerance (LCT -13910)', 10, 0, 'B', null, null, null, { p: 55 }],
  ['GN006', 'Hereditary haemochromatosis (HFE)', 10, 0, 'V', null, null, null, { p: 60 }],
  ['GN007', 'Gilbert syndrome (UGT1A1)', 10, 0, 'V', null, null, null, { p: 55 }],
  ['GN008', 'Cystic fibrosis carrier screen (CFTR)', 21, 0, 'B', null, null, null, { h: [26, 30], p: 160 }],
  ['GN009', 'Y-chromosome microdeletions (AZF)', 21, 0, 'V', null, null, null, { g: 'male', min: 18, h: [26, 30], p: 150 }],
  ['GN010', 'ApoE genotyping', 14, 0, 'V', null, null, null, { p: 70 }],
  ['GN011', 'Karyotype (peripheral blood)', 21, 0, 'V', null, null, null, { h: [26, 30], p: 180 }],
  ['GN012', 'BRCA1/BRCA2 common mutations', 21, 0, 'V', null, null, null, { h: [26, 30], p: 220, min: 18 }],
  ['GN013', 'Alpha-1 antitrypsin genotype', 14, 0, 'V', null, null, null, { p: 75 }],
  ['GN014', 'Fragile X syndrome (FMR1)', 21, 0, 'V', null, null, null, { h: [26, 30], p: 190 }],
  ['GN015', 'Pharmacogenetics: warfarin (CYP2C9/VKORC1)', 14, 0, 'B', null, null, null, { p: 90 }],
  ['GN016', 'Pharmacogenetics: clopidogrel (CYP2C19)', 14, 0, 'B', null, null, null, { p: 80 }],
  ['GN017', 'Spinal muscular atrophy carrier (SMN1)', 21, 0, 'V', null, null, null, { p: 140 }],
  ['GN018', 'Thrombophilia panel (genetic)', 14, 0, 'V', null, null, null, { p: 120 }],
  ['GN019', 'Non-invasive prenatal test (NIPT)', 10, 0, 'V', null, null, null, { g: 'female', min: 18, max: 50, h: [26, 30], p: 450 }],
  ['GN020', 'Hereditary hearing loss (GJB2)', 21, 0, 'B', null, null, null, { h: [30], p: 130 }],
];

const DIAGNOSTICS: DemoAnalysisRow[] = [
  ['DG001', 'PSA (total)', 1, 0, 'V', 'ng/mL', 0, 4, { g: 'male', min: 40, h: [P], p: 9, d: 'Prostate-specific antigen: screening and follow-up of prostate disease in men over 40.' }],
  ['DG002', 'PSA (free)', 2, 0, 'V', 'ng/mL', null, null, { g: 'male', min: 40, p: 11 }],
  ['DG003', 'CA-125', 2, 0, 'V', 'U/mL', 0, 35, { g: 'female', p: 14 }],
  ['DG004', 'CA 15-3', 2, 0, 'V', 'U/mL', 0, 25, { g: 'female', p: 14 }],
  ['DG005', 'CA 19-9', 2, 0, 'V', 'U/mL', 0, 37, { p: 14 }],
  ['DG006', 'Carcinoembryonic antigen (CEA)', 2, 0, 'V', 'ng/mL', 0, 5, { p: 12 }],
  ['DG007', 'Alpha-fetoprotein (AFP)', 2, 0, 'V', 'IU/mL', 0, 5.8, { p: 12 }],
  ['DG008', 'HIV 1/2 antigen and antibodies', 2, 0, 'V', null, null, null, { p: 12 }],
  ['DG009', 'Hepatitis B surface antigen (HBsAg)', 2, 0, 'V', null, null, null, { p: 8 }],
  ['DG010', 'Anti-HCV antibodies', 2, 0, 'V', null, null, null, { p: 12 }],
  ['DG011', 'Syphilis screening (RPR)', 2, 0, 'V', null, null, null, { p: 6 }],
  ['DG012', 'Helicobacter pylori antigen (stool)', 3, 0, 'S', null, null, null, { p: 14 }],
  ['DG013', 'Helicobacter pylori IgG', 3, 0, 'V', 'U/mL', 0, 20, { p: 12 }],
  ['DG014', 'SARS-CoV-2 PCR', 1, 0, 'N', null, null, null, { h: [25], p: 35 }],
  ['DG015', 'Influenza A/B PCR', 1, 0, 'N', null, null, null, { h: [25], p: 35 }],
  ['DG016', 'Streptococcus group A (throat swab)', 3, 0, 'T', null, null, null, { p: 12 }],
  ['DG017', 'Epstein-Barr virus VCA IgM', 3, 0, 'V', null, null, null, { p: 14 }],
  ['DG018', 'Cytomegalovirus IgG', 3, 0, 'V', 'U/mL', 0, 6, { p: 12 }],
  ['DG019', 'Toxoplasma gondii IgG', 3, 0, 'V', 'IU/mL', 0, 1, { p: 12 }],
  ['DG020', 'Rubella IgG', 3, 0, 'V', 'IU/mL', 10, null, { p: 12 }],
  ['DG021', 'Procalcitonin', 1, 0, 'V', 'ng/mL', 0, 0.5, { p: 25 }],
  ['DG022', 'NT-proBNP', 1, 0, 'V', 'pg/mL', 0, 125, { p: 25 }],
  ['DG023', 'Troponin I (high-sensitivity)', 1, 0, 'V', 'ng/L', 0, 26, { h: [25], p: 20 }],
  ['DG024', 'Calprotectin (stool)', 5, 0, 'S', 'µg/g', 0, 50, { p: 30 }],
  ['DG025', 'Urine microalbumin', 1, 0, 'U', 'mg/L', 0, 20, { p: 6 }],
  ['DG026', 'Borrelia (Lyme disease) IgM and IgG', 5, 0, 'V', null, null, null, { p: 28 }],
  ['DG027', 'Chlamydia trachomatis PCR (urine)', 3, 0, 'U', null, null, null, { p: 30 }],
  ['DG028', 'Stool occult blood test', 2, 0, 'S', null, null, null, { p: 8 }],
];

/** The second sentence of an analysis's description without one of its own, by its category (translated in translations.ts). */
export const CATEGORY_TEXT: Record<number, string> = {
  1: 'Autoimmune marker in venous blood; interpreted together with symptoms and other tests by your doctor.',
  2: 'Hormone level in venous blood; the result depends on age, sex and, for women, the day of the cycle.',
  3: 'Allergy test measuring immunoglobulin E antibodies against the allergens named.',
  4: 'Routine laboratory test, part of a standard health check.',
  5: 'Genetic test by DNA analysis; the result does not change during life, so it is done once.',
  6: 'Diagnostic test for infections, tumour markers and organ damage.',
};

export interface DemoAnalysis {
  code: string;
  name: string;
  description: string;
  execPeriod: number;
  fastingHours: number;
  preparation: string;
  materials: string[];
  unit: string | null;
  refLow: number | null;
  refHigh: number | null;
  gender: 'male' | 'female' | null;
  minAge: number | null;
  maxAge: number | null;
  headers: number[];
  /** Base price, EUR. */
  basePrice: number;
}

function build(category: number, rows: DemoAnalysisRow[]): DemoAnalysis[] {
  return rows.map(([code, name, execPeriod, fastingHours, materials, unit, refLow, refHigh, o = {}]) => ({
    code,
    name,
    description: o.d ?? `${name}. ${CATEGORY_TEXT[category] ?? ''}`.trim(),
    execPeriod,
    fastingHours,
    preparation:
      o.prep ??
      (fastingHours > 0
        ? `Do not eat for ${fastingHours} hours before the sample; water is allowed.`
        : 'No special preparation; avoid heavy exercise the day before.'),
    materials: materials.split(','),
    unit,
    refLow,
    refHigh,
    gender: o.g ?? null,
    minAge: o.min ?? null,
    maxAge: o.max ?? null,
    headers: [category, ...(o.h ?? [])],
    basePrice: o.p ?? 10,
  }));
}

export const DEMO_ANALYSES: DemoAnalysis[] = [
  ...build(4, GENERAL),
  ...build(2, HORMONES),
  ...build(1, AUTOIMMUNE),
  ...build(3, ALLERGY),
  ...build(5, GENETICS),
  ...build(6, DIAGNOSTICS),
];

export interface DemoProfile {
  code: string;
  name: string;
  description: string;
  analyses: string[];
}

export const DEMO_PROFILES: DemoProfile[] = [
  { code: 'PR001', name: 'Профиль 1. Basic check-up', description: 'A yearly check of blood, sugar, cholesterol, liver and kidneys.', analyses: ['GB001', 'GB004', 'GB006', 'GB010', 'GB011', 'GB018', 'GB040'] },
  { code: 'PR002', name: 'Профиль 2. Thyroid', description: 'Thyroid function and the marker of autoimmune thyroiditis.', analyses: ['HR001', 'HR002', 'HR003', 'AI020'] },
  { code: 'PR003', name: 'Профиль 3. Lipid panel', description: 'Cholesterol fractions and triglycerides for cardiovascular risk.', analyses: ['GB006', 'GB007', 'GB008', 'GB009'] },
  { code: 'PR004', name: 'Профиль 4. Liver function', description: 'Liver enzymes, bilirubin and albumin.', analyses: ['GB010', 'GB011', 'GB012', 'GB013', 'GB014', 'GB015', 'GB017'] },
  { code: 'PR005', name: 'Профиль 5. Kidney function', description: 'Kidney filtration, electrolytes and urine.', analyses: ['GB018', 'GB019', 'GB020', 'GB021', 'GB022', 'GB040', 'DG025'] },
  { code: 'PR007', name: 'Профиль 7. Iron deficiency', description: 'Anaemia and the iron, vitamin B12 and folate behind it.', analyses: ['GB001', 'GB027', 'GB028', 'GB029', 'GB030', 'GB031'] },
  { code: 'PR009', name: 'Профиль 9. Diabetes', description: 'Blood sugar now and over three months, insulin, C-peptide and the HOMA-IR index.', analyses: ['GB004', 'GB005', 'HR008', 'HR009', 'HR030'] },
  { code: 'PR010', name: 'Профиль 10. Women\'s hormones', description: 'Cycle and fertility hormones.', analyses: ['HR011', 'HR012', 'HR013', 'HR014', 'HR010', 'HR020'] },
  { code: 'PR011', name: 'Профиль 11. Rheumatology', description: 'Inflammation and the antibodies of rheumatoid arthritis and lupus.', analyses: ['AI004', 'AI005', 'GB033', 'GB003', 'AI001'] },
  { code: 'PR012', name: 'Профиль 12. Men\'s health', description: 'Prostate markers and testosterone.', analyses: ['DG001', 'DG002', 'HR015', 'HR016', 'HR018'] },
  { code: 'PR015', name: 'Профиль 15. Coagulation', description: 'Blood clotting before surgery or with anticoagulants.', analyses: ['GB034', 'GB035', 'GB036', 'GB037'] },
  { code: 'PR021', name: 'Профиль 21. Coeliac disease', description: 'Antibodies and genetics of gluten intolerance.', analyses: ['AI006', 'AI007', 'AI008', 'GN001'] },
  { code: 'PR030', name: 'Allergy screen: inhalants', description: 'Pollen, mites and pets.', analyses: ['AL001', 'AL002', 'AL003', 'AL004', 'AL005', 'AL006', 'AL007', 'AL015'] },
  { code: 'PR031', name: 'Allergy screen: food', description: 'The most common food allergens.', analyses: ['AL001', 'AL008', 'AL009', 'AL010', 'AL011', 'AL012', 'AL013', 'AL021'] },
  { code: 'PR032', name: 'Pregnancy planning', description: 'Blood, thyroid, infections and immunity before conception.', analyses: ['GB001', 'HR001', 'DG020', 'DG019', 'DG018', 'GB043', 'GB004', 'DG008'] },
  { code: 'PR033', name: 'Infection screen', description: 'HIV, hepatitis B and C, and syphilis.', analyses: ['DG008', 'DG009', 'DG010', 'DG011'] },
  { code: 'PR034', name: 'Vitamins and minerals', description: 'The vitamins and minerals most often low.', analyses: ['GB032', 'GB030', 'GB031', 'GB025', 'GB024', 'GB027'] },
  { code: 'PR035', name: 'Heart health', description: 'Cholesterol, inflammation and heart strain markers.', analyses: ['GB006', 'GB007', 'GB008', 'GB009', 'GB033', 'DG022'] },
  { code: 'PR036', name: 'Sports check-up', description: 'Blood, iron, vitamin D, muscle enzymes and stress hormone.', analyses: ['GB001', 'GB028', 'GB032', 'GB025', 'GB044', 'HR006'] },
  { code: 'PR037', name: 'Thrombophilia risk', description: 'Inherited clotting risk and D-dimer.', analyses: ['GN002', 'GN003', 'GN004', 'GB037'] },
  { code: 'PR038', name: 'Adrenal function', description: 'Cortisol, ACTH and adrenal androgens, aldosterone and renin.', analyses: ['HR006', 'HR007', 'HR017', 'HR025', 'HR026'] },
  { code: 'PR039', name: 'Tumour markers for women', description: 'Markers used in the follow-up of ovarian, breast and bowel tumours.', analyses: ['DG003', 'DG004', 'DG006', 'DG005'] },
  { code: 'PR040', name: 'Autoimmune thyroid', description: 'TSH with the antibodies of Hashimoto\'s and Graves\' disease.', analyses: ['HR001', 'AI020', 'AI021', 'AI022'] },
  { code: 'PR041', name: 'Allergy screen: children', description: 'Milk, egg, mites and pollen for children.', analyses: ['AL001', 'AL008', 'AL009', 'AL004', 'AL002', 'AL024'] },
];

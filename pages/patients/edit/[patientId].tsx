import { PatientEditorPage } from '@/features/patients/components/PatientEditorPage';

export default function EditPatientPage() {
  return <PatientEditorPage mode="edit" />;
}

import { PatientEditorPage } from '@/features/patients/components/PatientEditorPage';

export default function CreatePatientPage() {
  return <PatientEditorPage mode="create" />;
}

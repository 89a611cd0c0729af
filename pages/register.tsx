import { RegisterPage } from '@/features/auth/components/RegisterPage';

export default RegisterPage;

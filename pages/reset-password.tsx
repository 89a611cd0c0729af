import { NewPasswordPage } from '@/features/auth/components/NewPasswordPage';

export default NewPasswordPage;

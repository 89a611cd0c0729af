import { LoginPage } from '@/features/auth/components/LoginPage';

export default LoginPage;

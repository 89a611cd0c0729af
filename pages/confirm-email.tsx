import { ConfirmEmailPage } from '@/features/account/components/ConfirmEmailPage';

export default ConfirmEmailPage;

import { InviteAnswerPage } from '@/features/account/components/InviteAnswerPage';

export default InviteAnswerPage;

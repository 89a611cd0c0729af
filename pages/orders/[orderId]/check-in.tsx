import { CheckInPage } from '@/features/checkIn/components/CheckInPage';

export default CheckInPage;

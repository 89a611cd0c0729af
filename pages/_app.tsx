import { AppRoot } from '@/features/shell/AppRoot';

/** Every page inside the app's providers and shell (src/features/shell/AppRoot.tsx). */
export default AppRoot;

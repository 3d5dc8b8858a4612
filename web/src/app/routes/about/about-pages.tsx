import { IntroductionView } from '@/features/introduction/components/introduction-view';
import { DeveloperView } from '@/features/system-info/components/developer-view';

export const IntroductionPage = () => <IntroductionView />;
export const DeveloperPage = () => <DeveloperView />;

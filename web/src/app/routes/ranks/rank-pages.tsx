import { AcmRankView } from '@/features/ranks/components/acm-rank-view';
import { OiRankView } from '@/features/ranks/components/oi-rank-view';

export const AcmRankPage = () => <AcmRankView />;
export const OiRankPage = () => <OiRankView />;

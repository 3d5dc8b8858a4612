import { safeUrl } from '@/components/markdown/safe-url';

/** Root sets the footer's recordUrl; a javascript: or data: address must not become a link (review F20). */
export const recordHref = (url: string | null | undefined): string | null => (url ? safeUrl(url) : null);

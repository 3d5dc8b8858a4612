import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import { MarkdownView } from '@/components/markdown/markdown-view';
import { getUnreadContestAnnouncements } from '../api/contest-announcements';

/** Spec 001 §9: the unread check runs every 60 s while the contest page is open and the contest not ended. */
export const announcementCheckMs = 60_000;

const storageKey = (cid: string) => `contestAnnouncements:${cid}`;

const readIds = (cid: string): string[] => {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(cid)) ?? '[]');
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
};

/** Each new announcement becomes a notification that stays until closed; its id joins the local read list. */
export const useUnreadAnnouncements = (cid: string, isActive: boolean): void => {
  useEffect(() => {
    if (!isActive) return undefined;
    let isCurrent = true;
    const check = async () => {
      try {
        const unread = await getUnreadContestAnnouncements(cid, readIds(cid));
        if (!isCurrent || unread.length === 0) return;
        for (const announcement of unread) {
          notifications.show({
            title: announcement.title,
            message: <MarkdownView source={announcement.content} />,
            autoClose: false,
            // Beside the toasts (top centre, one at a time), as HOJ's notifications: a toast must not wait behind it.
            position: 'top-right',
          });
        }
        localStorage.setItem(storageKey(cid), JSON.stringify([...readIds(cid), ...unread.map((a) => String(a.id))]));
      } catch {
        // A silent poll: the next round tries again.
      }
    };
    void check();
    const timer = setInterval(() => void check(), announcementCheckMs);
    return () => {
      isCurrent = false;
      clearInterval(timer);
    };
  }, [cid, isActive]);
};

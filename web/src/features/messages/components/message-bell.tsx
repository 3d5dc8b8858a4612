import { useEffect, useState } from 'react';
import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { BellIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { unreadBadgeLabel } from './unread-badge-label';
import { getUnreadMessages, totalUnread } from '../api/get-unread-messages';

/** Spec 000 §4: unread messages are polled every 120 s while signed in. */
const pollIntervalMs = 120_000;

export const MessageBell = ({ uid }: { uid: string }) => {
  const { t } = useTranslation('nav');
  const [count, setCount] = useState(0);
  useEffect(() => {
    let isCurrent = true;
    const poll = () => {
      getUnreadMessages()
        .then((unread) => isCurrent && setCount(totalUnread(unread)))
        .catch(() => undefined);
    };
    poll();
    const timer = setInterval(poll, pollIntervalMs);
    return () => {
      isCurrent = false;
      clearInterval(timer);
    };
  }, [uid]);
  const label = unreadBadgeLabel(count);
  return (
    <Tooltip label={t('messages')}>
      <Indicator label={label} disabled={label === null} size={16} color="red" offset={4} data-testid="unread-badge">
        <ActionIcon
          component={Link}
          href={paths.messages()}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('messages')}
        >
          <BellIcon />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
};

import { useState } from 'react';
import { Box, Button, Select, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusFilterChoices } from '../judge-status';
import type { SubmissionListFilters } from '../submission-list-query';
import classes from './submission-filters.module.css';

type Props = {
  filters: SubmissionListFilters;
  isSignedIn: boolean;
  onChange: (next: SubmissionListFilters) => void;
  onRefresh: () => void;
  /** Spec 000 §5: only-mine needs a sign-in; the page warns and opens the login dialog. */
  onNeedLogin: () => void;
};

/** The filters of spec 000 §2.5: only mine, status, username and problem id. */
export const SubmissionFilters = ({ filters, isSignedIn, onChange, onRefresh, onNeedLogin }: Props) => {
  const { t } = useTranslation('submissions');
  const [username, setUsername] = useState(filters.username);
  const [problemID, setProblemID] = useState(filters.problemID);
  const [shown, setShown] = useState({ username: filters.username, problemID: filters.problemID });
  if (shown.username !== filters.username || shown.problemID !== filters.problemID) {
    setShown({ username: filters.username, problemID: filters.problemID });
    setUsername(filters.username);
    setProblemID(filters.problemID);
  }
  const apply = (patch: Partial<SubmissionListFilters>) => onChange({ ...filters, ...patch, currentPage: 1 });
  const toggleOnlyMine = (isOn: boolean) => {
    if (isOn && !isSignedIn) {
      onNeedLogin();
      return;
    }
    apply({ onlyMine: isOn, username: isOn ? '' : filters.username });
  };
  return (
    <Box className={classes.filters}>
      <Switch
        label={t('filters.onlyMine')}
        checked={filters.onlyMine}
        onChange={(event) => toggleOnlyMine(event.currentTarget.checked)}
        data-testid="only-mine"
        className={classes.onlyMine}
      />
      <Select
        label={t('filters.status')}
        placeholder={t('filters.allStatuses')}
        clearable
        className={classes.status}
        value={filters.status === null ? null : String(filters.status)}
        onChange={(value) => apply({ status: value === null ? null : Number(value) })}
        data={statusFilterChoices.map((s) => ({ value: String(s.code), label: t(`status.${s.key}`) }))}
      />
      <TextInput
        label={t('filters.username')}
        className={classes.username}
        value={username}
        disabled={filters.onlyMine}
        onChange={(event) => setUsername(event.currentTarget.value)}
        onKeyDown={(event) => event.key === 'Enter' && apply({ username: username.trim() })}
        onBlur={() => username.trim() !== filters.username && apply({ username: username.trim() })}
      />
      <TextInput
        label={t('filters.problemId')}
        className={classes.problemId}
        value={problemID}
        onChange={(event) => setProblemID(event.currentTarget.value)}
        onKeyDown={(event) => event.key === 'Enter' && apply({ problemID: problemID.trim() })}
        onBlur={() => problemID.trim() !== filters.problemID && apply({ problemID: problemID.trim() })}
      />
      <Button variant="light" onClick={onRefresh} className={classes.refresh}>
        {t('filters.refresh')}
      </Button>
    </Box>
  );
};

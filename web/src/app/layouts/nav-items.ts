import { paths } from '@/config/paths';
import type { NavMode } from '../route-table';

export type NavItem = {
  /** Key in the nav namespace. */
  label: string;
  to: string;
  children?: NavItem[];
};

type Params = Partial<Record<string, string>>;

const defaultItems = (openPublicDiscussion: boolean): NavItem[] => [
  { label: 'home', to: paths.home() },
  { label: 'problems', to: paths.problems() },
  { label: 'training', to: paths.trainings() },
  { label: 'contests', to: paths.contests() },
  { label: 'status', to: paths.status() },
  {
    label: 'rank',
    to: paths.acmRank(),
    children: [
      { label: 'acmRank', to: paths.acmRank() },
      { label: 'oiRank', to: paths.oiRank() },
    ],
  },
  ...(openPublicDiscussion ? [{ label: 'discussion', to: paths.discussion() }] : []),
  { label: 'groups', to: paths.groups() },
  { label: 'about', to: paths.introduction(), children: [{ label: 'introduction', to: paths.introduction() }] },
];

/**
 * The top-bar entries for a navigation mode (spec 000 §2.1, spec 001 §2.2). A special mode whose ids are
 * missing from the route falls back to the default bar rather than showing broken links.
 */
export const navItemsFor = (mode: NavMode, params: Params, flags: { openPublicDiscussion: boolean }): NavItem[] => {
  const { contestID, groupID, trainingID } = params;
  if (mode === 'contest' && contestID) {
    return [
      { label: 'backHome', to: paths.home() },
      { label: 'contestHome', to: paths.contest(contestID) },
      { label: 'contestProblems', to: paths.contestProblems(contestID) },
      { label: 'contestSubmissions', to: paths.contestSubmissions(contestID, true) },
      { label: 'contestRank', to: paths.contestRank(contestID) },
    ];
  }
  if (mode === 'training' && trainingID) {
    return [
      { label: 'backHome', to: paths.home() },
      ...(groupID ? [{ label: 'groupHome', to: paths.group(groupID) }] : []),
      { label: 'trainingHome', to: paths.training(trainingID, groupID) },
      { label: 'trainingProblems', to: paths.trainingProblems(trainingID, groupID) },
    ];
  }
  if (mode === 'group' && groupID) {
    return [
      { label: 'backHome', to: paths.home() },
      { label: 'groupHome', to: paths.group(groupID) },
      { label: 'groupProblems', to: paths.groupProblems(groupID) },
    ];
  }
  return defaultItems(flags.openPublicDiscussion);
};

/** Whether a nav entry is the current page: its path, or a page below it ('/home' alone never prefixes). */
export const isActiveItem = (item: NavItem, location: string): boolean => {
  const target = item.to.split('?')[0] ?? item.to;
  if (item.children?.some((child) => isActiveItem(child, location))) return true;
  return location === target || (target !== '/home' && location.startsWith(`${target}/`));
};

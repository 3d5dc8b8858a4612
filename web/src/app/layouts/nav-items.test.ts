import { describe, expect, it } from 'vitest';
import { isActiveItem, navItemsFor } from './nav-items';

const targets = (items: { to: string; children?: { to: string }[] }[]) =>
  items.flatMap((item) => [item.to, ...(item.children ?? []).map((child) => child.to)]);

describe('navItemsFor (spec 000 §2.1)', () => {
  it('lists the default bar, with discussion only when public discussion is open', () => {
    const open = targets(navItemsFor('default', {}, { openPublicDiscussion: true }));
    expect(open).toEqual(
      expect.arrayContaining([
        '/home',
        '/problem',
        '/training',
        '/contest',
        '/status',
        '/acm-rank',
        '/oi-rank',
        '/discussion',
        '/group',
        '/introduction',
      ]),
    );
    expect(targets(navItemsFor('default', {}, { openPublicDiscussion: false }))).not.toContain('/discussion');
  });

  it('gives the contest bar its four contest links', () => {
    expect(targets(navItemsFor('contest', { contestID: '7' }, { openPublicDiscussion: true }))).toEqual([
      '/home',
      '/contest/7',
      '/contest/7/problems',
      '/contest/7/submissions?onlyMine=true',
      '/contest/7/rank',
    ]);
  });

  it('gives the training bar a group home only inside a group', () => {
    expect(targets(navItemsFor('training', { trainingID: '3' }, { openPublicDiscussion: true }))).toEqual([
      '/home',
      '/training/3',
      '/training/3/problems',
    ]);
    expect(targets(navItemsFor('training', { trainingID: '3', groupID: '9' }, { openPublicDiscussion: true }))).toEqual(
      ['/home', '/group/9', '/group/9/training/3', '/group/9/training/3/problems'],
    );
  });

  it('gives the group bar the group home and its problems', () => {
    expect(targets(navItemsFor('group', { groupID: '9' }, { openPublicDiscussion: true }))).toEqual([
      '/home',
      '/group/9',
      '/group/9/problem',
    ]);
  });

  it('falls back to the default bar when a mode lacks its id', () => {
    expect(navItemsFor('contest', {}, { openPublicDiscussion: false })).toEqual(
      navItemsFor('default', {}, { openPublicDiscussion: false }),
    );
  });
});

describe('isActiveItem', () => {
  it('marks an entry active on its page and below it, a parent through its children', () => {
    expect(isActiveItem({ label: 'problems', to: '/problem' }, '/problem/1000')).toBe(true);
    expect(isActiveItem({ label: 'home', to: '/home' }, '/home')).toBe(true);
    expect(isActiveItem({ label: 'problems', to: '/problem' }, '/status')).toBe(false);
    const rank = { label: 'rank', to: '/acm-rank', children: [{ label: 'oiRank', to: '/oi-rank' }] };
    expect(isActiveItem(rank, '/oi-rank')).toBe(true);
  });
});

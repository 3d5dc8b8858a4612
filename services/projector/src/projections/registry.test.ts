import { describe, expect, it } from 'vitest';
import { isCataloguedEventType } from '@oj/events';
import { projections } from './registry';

describe('projection registry', () => {
  it('registers projections that handle only catalogued event types, so the runner checks each before applying', () => {
    const uncatalogued = projections.flatMap((projection) =>
      projection.eventTypes.filter((type) => !isCataloguedEventType(type)).map((type) => `${projection.name}: ${type}`),
    );
    expect(uncatalogued).toEqual([]);
  });
});

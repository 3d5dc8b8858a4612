import { describe, expect, it } from 'vitest';
import { metadataOf } from './request-metadata';

describe('metadataOf', () => {
  const request = { id: 'req-1', ip: '10.0.0.1', principal: { userId: 'u-1' } };

  it('given a signed-in request, then the request id as correlation and causation, the ip and the user', () => {
    expect(metadataOf(request)).toEqual({
      correlationId: 'req-1',
      causationId: 'req-1',
      clientIp: '10.0.0.1',
      actorId: 'u-1',
    });
  });

  it('given an actor known otherwise (a login), then that actor; given none, then no actorId', () => {
    expect(metadataOf({ ...request, principal: null }, 'u-2').actorId).toBe('u-2');
    expect(metadataOf({ ...request, principal: null })).not.toHaveProperty('actorId');
  });
});

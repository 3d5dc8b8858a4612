import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { aUserProfileEdited, aUserRegistered } from '@oj/events/testing';
import { given } from '../handling/testing/given-when-then';
import { fold } from '../handling/decider';
import { userModel } from './user.state';
import { editProfile } from './edit-profile';
import { resetPassword } from './change-credentials';

const at = '2026-02-01T00:00:00.000Z';

describe('editProfile', () => {
  it('keeps fields the client did not send and clears those sent as null', () => {
    given(userModel, aUserRegistered(), aUserProfileEdited({ nickname: 'Al', school: 'MIT' }))
      .when(editProfile({ changes: { school: null, blog: 'https://a.example' }, editedAt: at }))
      .then([
        aUserProfileEdited({
          nickname: 'Al',
          school: null,
          blog: 'https://a.example',
          gender: 'secrecy',
          editedAt: at,
        }),
      ]);
  });

  it('rejects a nickname over 20 characters with the field named', () => {
    let message = '';
    try {
      editProfile({ changes: { nickname: 'x'.repeat(21) }, editedAt: at })(fold(userModel, [aUserRegistered()]));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('nickname');
  });

  it('is idempotent: applying the same edit twice yields the same profile (property)', () => {
    const value = fc.option(fc.string({ maxLength: 20 }), { nil: null });
    fc.assert(
      fc.property(fc.record({ nickname: value, school: value, github: value }), (changes) => {
        const once = fold(userModel, [
          aUserRegistered(),
          ...editProfile({ changes, editedAt: at })(fold(userModel, [aUserRegistered()])),
        ]);
        const twice = fold(userModel, [aUserRegistered(), ...editProfile({ changes, editedAt: at })(once)]);
        expect(twice.profile).toEqual(once.profile);
      }),
    );
  });
});

describe('resetPassword', () => {
  it('ends every session by moving the generation on', () => {
    const [event] = resetPassword({ passwordHash: aUserRegistered().data.passwordHash, resetAt: at })(
      fold(userModel, [aUserRegistered()]),
    );
    expect(event).toMatchObject({ type: 'UserPasswordReset', data: { sessionGeneration: 1 } });
  });
});

import { describe, it } from 'vitest';
import type { CheckerIncludeEvent } from '@oj/events';
import { given } from '../handling/testing/given-when-then';
import { checkerIncludeMaxBytes, removeCheckerInclude, uploadCheckerInclude } from './checker-include-commands';
import { checkerIncludeMessages } from './checker-include.rejections';
import { checkerIncludesModel } from './checker-include.state';

const at = '2026-11-22T10:00:00.000Z';
const hash = (digit: string) => digit.repeat(64);
const upload = (name: string, sha256: string, sizeBytes = 10) => ({
  name,
  sha256,
  sizeBytes,
  uploadedBy: 'root',
  uploadedAt: at,
});
const uploaded = (name: string, sha256: string): CheckerIncludeEvent => ({
  type: 'CheckerIncludeUploaded',
  data: upload(name, sha256),
});

describe('uploading a site-wide checker include', () => {
  it('records a new name', () => {
    given(checkerIncludesModel)
      .when(uploadCheckerInclude(upload('testlib.h', hash('a'))))
      .then([uploaded('testlib.h', hash('a'))]);
  });

  it('replaces changed content and ignores the same content again', () => {
    given(checkerIncludesModel, uploaded('testlib.h', hash('a')))
      .when(uploadCheckerInclude(upload('testlib.h', hash('b'))))
      .then([uploaded('testlib.h', hash('b'))]);
    given(checkerIncludesModel, uploaded('testlib.h', hash('a')))
      .when(uploadCheckerInclude(upload('testlib.h', hash('a'))))
      .then([]);
  });

  it('refuses names that are paths, empty files and files over the limit', () => {
    for (const name of ['../testlib.h', 'dir/testlib.h', '', '.hidden'])
      given(checkerIncludesModel)
        .when(uploadCheckerInclude(upload(name, hash('a'))))
        .thenRejects(400, checkerIncludeMessages.badName);
    given(checkerIncludesModel)
      .when(uploadCheckerInclude(upload('a.h', hash('a'), 0)))
      .thenRejects(400, checkerIncludeMessages.emptyContent);
    given(checkerIncludesModel)
      .when(uploadCheckerInclude(upload('a.h', hash('a'), checkerIncludeMaxBytes + 1)))
      .thenRejects(400, checkerIncludeMessages.tooLarge);
  });
});

describe('removing a site-wide checker include', () => {
  const remove = removeCheckerInclude({ name: 'testlib.h', removedBy: 'root', removedAt: at });

  it('removes an uploaded name', () => {
    given(checkerIncludesModel, uploaded('testlib.h', hash('a')))
      .when(remove)
      .then([{ type: 'CheckerIncludeRemoved', data: { name: 'testlib.h', removedBy: 'root', removedAt: at } }]);
  });

  it('refuses a name that is not there, also after it was removed', () => {
    given(checkerIncludesModel).when(remove).thenRejects(404, checkerIncludeMessages.notFound);
    given(checkerIncludesModel, uploaded('testlib.h', hash('a')), {
      type: 'CheckerIncludeRemoved',
      data: { name: 'testlib.h', removedBy: 'root', removedAt: at },
    })
      .when(remove)
      .thenRejects(404, checkerIncludeMessages.notFound);
  });
});

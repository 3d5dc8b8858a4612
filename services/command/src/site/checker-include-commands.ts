import type { CheckerIncludeEvent } from '@oj/events';
import { CommandRejected } from '../handling/command-rejected';
import { checkerIncludeMessages } from './checker-include.rejections';
import type { CheckerIncludesState } from './checker-include.state';

/** Same rule as the event schema: a plain file name, so it lands next to the checker source and nowhere else. */
export const checkerIncludeNamePattern = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;
/** testlib.h is about 200 KB; room to spare, under the request body limit. */
export const checkerIncludeMaxBytes = 768 * 1024;

export interface UploadCheckerInclude {
  readonly name: string;
  readonly sha256: string;
  readonly sizeBytes: number;
  readonly uploadedBy: string;
  readonly uploadedAt: string;
}

/** The upload's own rules, also checked by the route before it stores the blob (so a refusal stores nothing). */
export function assertUploadableCheckerInclude(name: string, sizeBytes: number): void {
  if (!checkerIncludeNamePattern.test(name)) throw new CommandRejected(400, checkerIncludeMessages.badName);
  if (sizeBytes === 0) throw new CommandRejected(400, checkerIncludeMessages.emptyContent);
  if (sizeBytes > checkerIncludeMaxBytes)
    throw new CommandRejected(400, checkerIncludeMessages.tooLarge, { limit: checkerIncludeMaxBytes });
}

/** Uploads or replaces; the same content under the same name again changes nothing. */
export const uploadCheckerInclude =
  (command: UploadCheckerInclude) =>
  (state: CheckerIncludesState): CheckerIncludeEvent[] => {
    assertUploadableCheckerInclude(command.name, command.sizeBytes);
    if (state[command.name]?.sha256 === command.sha256) return [];
    return [{ type: 'CheckerIncludeUploaded', data: { ...command } }];
  };

export interface RemoveCheckerInclude {
  readonly name: string;
  readonly removedBy: string;
  readonly removedAt: string;
}

export const removeCheckerInclude =
  (command: RemoveCheckerInclude) =>
  (state: CheckerIncludesState): CheckerIncludeEvent[] => {
    if (!state[command.name]) throw new CommandRejected(404, checkerIncludeMessages.notFound);
    return [{ type: 'CheckerIncludeRemoved', data: { ...command } }];
  };

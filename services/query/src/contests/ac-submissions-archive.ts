import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * The accepted-submissions zip (api-contest-training.md §1.2.6, §2.17): `planArchive` decides which submissions go
 * in and under which names (pure); `zipArchive` streams the planned files with code it is handed.
 */

export type SplitType = 'user' | 'problem';

/** One candidate submission, without its code (the code is fetched only for the chosen ones). */
export interface AcceptedSubmission {
  readonly submissionId: number;
  readonly username: string;
  readonly displayId: string;
  readonly language: string;
  /** OI: the judged score (rows without one are not candidates); ACM: null. */
  readonly score: number | null;
  readonly submittedAt: Date;
}

export interface ArchiveLayout {
  readonly type: 'ACM' | 'OI';
  readonly splitType: SplitType;
  /** The contest's display ids: the problem split has one folder per problem, even an empty one, as HOJ. */
  readonly displayIds: readonly string[];
  /** File-name times are wall-clock times at this offset from UTC (HOJ: the server's GMT+8). */
  readonly utcOffsetMinutes: number;
}

export interface ArchiveFile {
  readonly path: string;
  readonly submissionId: number;
  readonly submittedAt: Date;
}

export interface ArchivePlan {
  /** Folder paths, each ending in "/". */
  readonly folders: readonly string[];
  readonly files: readonly ArchiveFile[];
}

/**
 * Extension by language name, first match. HOJ matches substrings, so "javascript node" and "pascal" contain "c"
 * and get ".c"; here C matches only as a word, and Ruby and Rust get their own extensions instead of ".txt".
 */
const extensionRules: readonly (readonly [RegExp, string])[] = [
  [/c\+\+|g\+\+|clang\+\+/, 'cpp'],
  [/c#/, 'cs'],
  [/^(c|gcc|clang)\b/, 'c'],
  [/python|pypy/, 'py'],
  [/javascript|node/, 'js'],
  [/java/, 'java'],
  [/pascal/, 'pas'],
  [/golang|^go\b/, 'go'],
  [/php/, 'php'],
  [/ruby/, 'rb'],
  [/rust/, 'rs'],
];

export function extensionOf(language: string): string {
  const name = language.trim().toLowerCase();
  return extensionRules.find(([pattern]) => pattern.test(name))?.[1] ?? 'txt';
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** yyyyMMddHHmmss of the instant as a wall clock `utcOffsetMinutes` ahead of UTC. */
export function compactTime(instant: Date, utcOffsetMinutes: number): string {
  const shifted = new Date(instant.getTime() + utcOffsetMinutes * 60_000);
  return [
    String(shifted.getUTCFullYear()).padStart(4, '0'),
    twoDigits(shifted.getUTCMonth() + 1),
    twoDigits(shifted.getUTCDate()),
    twoDigits(shifted.getUTCHours()),
    twoDigits(shifted.getUTCMinutes()),
    twoDigits(shifted.getUTCSeconds()),
  ].join('');
}

/**
 * Usernames and display ids become path segments: separators, characters Windows refuses and control characters
 * become "_", and "." or ".." cannot climb out of the archive.
 */
export function safeSegment(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must not reach a file name
  const replaced = name.replace(/[/\\:*?"<>|\u0000-\u001f\u007f]/g, '_');
  return replaced === '' || /^\.+$/.test(replaced) ? `_${replaced}` : replaced;
}

const isNewer = (a: AcceptedSubmission, b: AcceptedSubmission) =>
  a.submittedAt.getTime() !== b.submittedAt.getTime()
    ? a.submittedAt.getTime() > b.submittedAt.getTime()
    : a.submissionId > b.submissionId;

/** OI keeps each user's newest scored submission per problem (§2.17); ACM keeps every AC. */
function chosen(rows: readonly AcceptedSubmission[], type: ArchiveLayout['type']): AcceptedSubmission[] {
  if (type === 'ACM') return [...rows];
  const newest = new Map<string, AcceptedSubmission>();
  for (const row of rows) {
    const key = JSON.stringify([row.username, row.displayId]);
    const current = newest.get(key);
    if (!current || isNewer(row, current)) newest.set(key, row);
  }
  return [...newest.values()];
}

function baseName(row: AcceptedSubmission, layout: ArchiveLayout): { folder: string; stem: string } {
  const time = `(${compactTime(row.submittedAt, layout.utcOffsetMinutes)})`;
  const score = layout.type === 'OI' ? `_${row.score ?? 0}` : '';
  const [folder, owner] = layout.splitType === 'user' ? [row.username, row.displayId] : [row.displayId, row.username];
  return { folder: safeSegment(folder), stem: `${safeSegment(owner)}${score}_${time}` };
}

/**
 * Names per §1.2.6: user split `<user>/<displayId>[_<score>]_(<time>).<ext>`, problem split
 * `<displayId>/<user>[_<score>]_(<time>).<ext>`. HOJ lets same-second duplicates overwrite each other; here every
 * file of a clashing name carries its submission id (`_<id>` before the extension), so no code is lost. Plain stems
 * end in ")" and suffixed ones in a digit, so a suffixed name can never meet a plain one.
 */
export function planArchive(rows: readonly AcceptedSubmission[], layout: ArchiveLayout): ArchivePlan {
  const named = chosen(rows, layout.type)
    .sort((a, b) => a.submissionId - b.submissionId)
    .map((row) => ({ row, ...baseName(row, layout), extension: extensionOf(row.language) }));
  const pathOf = (folder: string, stem: string, extension: string) => `${folder}/${stem}.${extension}`;
  const clashes = new Map<string, number>();
  for (const file of named) {
    const path = pathOf(file.folder, file.stem, file.extension);
    clashes.set(path, (clashes.get(path) ?? 0) + 1);
  }
  const files = named.map(({ row, folder, stem, extension }) => {
    const plain = pathOf(folder, stem, extension);
    const path = (clashes.get(plain) ?? 0) > 1 ? pathOf(folder, `${stem}_${row.submissionId}`, extension) : plain;
    return { path, submissionId: row.submissionId, submittedAt: row.submittedAt };
  });
  const folderNames =
    layout.splitType === 'problem'
      ? [...layout.displayIds.map(safeSegment), ...named.map((file) => file.folder)]
      : named.map((file) => file.folder);
  return { folders: [...new Set(folderNames)].map((folder) => `${folder}/`), files };
}

/** Files deflated between two code reads: small enough that no turn of the event loop waits long behind a zip. */
const zipBatchSize = 250;

/** Reads the code of some submissions (ids missing from the answer get an empty file). */
export type CodeReader = (submissionIds: readonly number[]) => Promise<ReadonlyMap<number, string>>;

export interface ZipTarget {
  readonly readCode: CodeReader;
  /** The time of the folder entries; files carry their submission time. */
  readonly zippedAt: Date;
  readonly onChunk: (chunk: Uint8Array) => void;
  /** Asked between batches: true stops the work early (whoever wanted the zip has gone). */
  readonly isCancelled: () => boolean;
}

/**
 * Streams the zip of a plan into `onChunk`, reading the code batch by batch, so neither the code of a whole contest
 * nor its zip is ever held at once.
 */
export async function zipArchive(plan: ArchivePlan, target: ZipTarget): Promise<void> {
  const { readCode, zippedAt, onChunk, isCancelled } = target;
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else onChunk(chunk);
  });
  for (const folder of plan.folders) {
    const entry = new ZipPassThrough(folder);
    entry.mtime = zippedAt;
    zip.add(entry);
    entry.push(new Uint8Array(0), true);
  }
  const batches = Array.from({ length: Math.ceil(plan.files.length / zipBatchSize) }, (_, index) =>
    plan.files.slice(index * zipBatchSize, (index + 1) * zipBatchSize),
  );
  const read = (batch: readonly ArchiveFile[] | undefined) =>
    batch ? readCode(batch.map((file) => file.submissionId)) : Promise.resolve(new Map<number, string>());
  // The next batch's code is read while this one is deflated: the database works while this process compresses.
  let nextCodes = read(batches[0]);
  for (const [index, batch] of batches.entries()) {
    const codes = await nextCodes;
    if (isCancelled()) return;
    nextCodes = read(batches[index + 1]);
    for (const file of batch) {
      const entry = new ZipDeflate(file.path, { level: 6 });
      entry.mtime = file.submittedAt;
      zip.add(entry);
      entry.push(strToU8(codes.get(file.submissionId) ?? ''), true);
    }
    if (failure) {
      nextCodes.catch(() => undefined);
      throw failure;
    }
  }
  zip.end();
  if (failure) throw failure;
}

import type { ProblemForm } from '../problem-form-state';

/** What every section of the admin problem editor receives: the whole form and a patcher. */
export type SectionProps = { form: ProblemForm; onChange: (patch: Partial<ProblemForm>) => void };

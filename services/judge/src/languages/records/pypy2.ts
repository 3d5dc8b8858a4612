import { pythonRecord } from './python-family';

/** Kept in the catalogue because HOJ's whitelist has it; Debian bookworm has no `pypy` package. */
export const pypy2 = pythonRecord('PyPy2', '/usr/bin/pypy', 'PyPy 2.7', 'No PyPy 2 in Debian bookworm');

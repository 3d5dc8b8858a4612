import { pythonRecord } from './python-family';

/** Kept in the catalogue because HOJ's whitelist has it; Debian bookworm ships no Python 2. */
export const python2 = pythonRecord('Python2', '/usr/bin/python2', 'Python 2.7', 'No Python 2 in Debian bookworm');

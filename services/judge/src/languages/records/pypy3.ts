import { pythonRecord } from './python-family';

export const pypy3 = pythonRecord('PyPy3', '/usr/bin/pypy3', 'PyPy 3.9 (7.3)');

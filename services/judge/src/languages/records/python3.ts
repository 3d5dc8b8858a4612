import { pythonRecord } from './python-family';

export const python3 = pythonRecord('Python3', '/usr/bin/python3', 'Python 3.11');

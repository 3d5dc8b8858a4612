/** What a compare rule or a checker can say about one case's output. */
export type CompareVerdict = 'AC' | 'WA' | 'PE';

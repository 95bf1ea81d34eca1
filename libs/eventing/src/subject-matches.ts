/**
 * NATS subject matching: `*` stands for exactly one token, `>` (last token only) for one or more.
 * The in-process log and its request/reply hub use it so filters mean what they mean on a server.
 */
export function subjectMatches(filter: string, subject: string): boolean {
  const wanted = filter.split('.');
  const actual = subject.split('.');
  for (let i = 0; i < wanted.length; i++) {
    const token = wanted[i];
    if (token === '>') return i === wanted.length - 1 && actual.length > i;
    if (i >= actual.length) return false;
    if (token !== '*' && token !== actual[i]) return false;
  }
  return wanted.length === actual.length;
}

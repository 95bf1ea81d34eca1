/**
 * Logs answer a batch with one result per item, in order. These read those answers and fail loudly when
 * a log broke that contract, instead of passing an undefined result on.
 */
export function oneAnswer<T>(answers: readonly T[], what: string): T {
  const [answer] = answers;
  if (answers.length !== 1 || answer === undefined)
    throw new Error(`${what}: expected one answer, got ${answers.length}`);
  return answer;
}

export function answerAt<T>(answers: readonly T[], index: number, what: string): T {
  const answer = answers[index];
  if (answer === undefined)
    throw new Error(`${what}: no answer for item ${index} of ${answers.length}`);
  return answer;
}

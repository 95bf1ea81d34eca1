// Prints one plain closing line, "N passed, N failed, N skipped", that any CI can read.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = results;
    process.stdout.write(
      `\n${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests + numTodoTests} skipped\n`,
    );
  }
}
module.exports = SummaryReporter;

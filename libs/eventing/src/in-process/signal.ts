/** Wakes every waiter at once; consumers wait on it instead of polling for new messages. */
export class Signal {
  private readonly waiters = new Set<() => void>();

  /** Resolves on the next notify(), or after timeoutMs when given. */
  wait(timeoutMs?: number): Promise<void> {
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      this.waiters.add(wake);
      if (timeoutMs !== undefined) timer = setTimeout(wake, Math.max(0, timeoutMs));
    });
  }

  notify(): void {
    for (const wake of [...this.waiters]) wake();
  }
}

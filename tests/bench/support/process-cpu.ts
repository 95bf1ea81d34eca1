import { readdirSync, readFileSync } from 'node:fs';

/** Linux's clock ticks per second, what /proc/<pid>/stat counts CPU time in (USER_HZ, 100 on every mainstream kernel). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time, in ms, used so far by the local processes of each command name (`postgres`, `nats-server`),
 * their reaped children included (a Postgres backend that has exited is counted in the postmaster's),
 * read from /proc. Empty where there is no /proc: the benches print the breakdown only where they can.
 */
export function cpuMsByCommand(names: readonly string[]): Map<string, number> {
  const totals = new Map<string, number>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return totals;
  }
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (!names.includes(name)) continue;
    // After the name: state, ppid, … utime is field 14 of the line, stime 15, cutime 16, cstime 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
    const ticks = fields[11] + fields[12] + fields[13] + fields[14];
    totals.set(name, (totals.get(name) ?? 0) + (ticks * 1000) / TICKS_PER_SECOND);
  }
  return totals;
}

/** CPU time, in ms, one process has used so far (itself only), or NaN where /proc cannot say. */
export function cpuMsOfPid(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
    return ((fields[11] + fields[12]) * 1000) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

import { readdirSync, readFileSync } from 'node:fs';
import { firstItems } from '@mnemo/testing';

/** Linux's clock ticks per second, what /proc/<pid>/stat counts CPU time in (USER_HZ, 100 on every mainstream kernel). */
const TICKS_PER_SECOND = 100;

/** A process's command name and the fields after it in /proc/<pid>/stat (state first), or null when it is gone or there is no /proc. */
function stat(pid: number | string): { name: string; fields: number[] } | null {
  let line: string;
  try {
    line = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The name is in parentheses and may hold spaces; the fields follow its last ')'.
  const end = line.lastIndexOf(')');
  return {
    name: line.slice(line.indexOf('(') + 1, end),
    fields: line
      .slice(end + 2)
      .split(' ')
      .map(Number),
  };
}

const ticksToMs = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;

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
    const proc = stat(pid);
    if (!proc || !names.includes(proc.name)) continue;
    // utime, stime, cutime, cstime: fields 14-17 of the line, 11-14 after the name
    const [utime, stime, cutime, cstime] = firstItems(proc.fields.slice(11, 15), 4);
    totals.set(
      proc.name,
      (totals.get(proc.name) ?? 0) + ticksToMs(utime + stime + cutime + cstime),
    );
  }
  return totals;
}

/** CPU time, in ms, one process has used so far (itself only), or NaN where /proc cannot say. */
export function cpuMsOfPid(pid: number): number {
  const proc = stat(pid);
  const [user, system] = proc?.fields.slice(11, 13) ?? [];
  return user !== undefined && system !== undefined ? ticksToMs(user + system) : NaN;
}

/** Every core's busy and total ticks since boot, from the first line of /proc/stat, or null where there is none. */
function machineTicks(): { busy: number; total: number } | null {
  try {
    const [, ...ticks] = (readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '')
      .trim()
      .split(/\s+/)
      .map(Number);
    const total = ticks.reduce((sum, t) => sum + t, 0);
    return { busy: total - (ticks[3] ?? 0) - (ticks[4] ?? 0), total }; // idle and iowait are the 4th and 5th
  } catch {
    return null;
  }
}

/** The share of the whole machine's CPU busy over the next `ms` (this process's share where /proc cannot say). */
export async function machineBusyOver(ms: number): Promise<number> {
  const before = machineTicks();
  const own = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = machineTicks();
  if (!before || !after) {
    const cpu = process.cpuUsage(own);
    return (cpu.user + cpu.system) / (ms * 1000);
  }
  return (after.busy - before.busy) / Math.max(1, after.total - before.total);
}

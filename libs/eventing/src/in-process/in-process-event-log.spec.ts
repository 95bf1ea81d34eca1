import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describeEventLogContract } from '../event-log.contract';
import { InProcessEventLog } from './in-process-event-log';

describeEventLogContract('in-process, memory only', async () => {
  const log = new InProcessEventLog({ dataDir: null });
  return { log, cleanup: () => log.close() };
});

describeEventLogContract('in-process, file-backed', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-log-'));
  const log = new InProcessEventLog({ dataDir });
  return {
    log,
    cleanup: async () => {
      await log.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

import { randomBytes } from 'node:crypto';
import { describeEventLogContract } from '../event-log.contract';
import { JetStreamEventLog } from './jetstream-event-log';

const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

describeEventLogContract('NATS JetStream', async () => {
  const ns = `t${randomBytes(5).toString('hex')}`;
  const log = await JetStreamEventLog.connect({ servers: NATS_URL, streamPrefix: ns.toUpperCase(), subjectPrefix: ns });
  await log.ensureStreams();
  return {
    log,
    cleanup: async () => {
      await log.deleteStreams();
      await log.close();
    },
  };
});

/**
 * @mnemo/testing's second door: the EventLog port's contract suite, which every event-log adapter's
 * spec runs. Kept out of the main door, which pure libs' specs load, because it loads the event log.
 */
export { describeEventLogContract, waitFor, type EventLogFixture } from './src/event-log.contract';

import { RequestError } from '@nats-io/nats-core';

interface CancellableRequest {
  cancel(this: CancellableRequest, err?: Error): void;
}

/**
 * nats.js 3.4 ends every answered request, so every JetStream publish, with `cancel()`, which rejects the
 * already settled promise with a new `RequestError('cancelled')`: an Error, so a stack trace captured and
 * dropped each time, whatever `noAsyncTraces` says (measured: 6 % of a replay's appends, 2 % of each ingest
 * process). Rejecting a settled promise does nothing, so one error made here serves every such call; a call
 * that passes its own error keeps it. Only `cancel()` without an error changes, and the client makes that
 * call only after the request has settled.
 */
const SETTLED = new RequestError('cancelled');

// `internal` is an exports subpath, which this repository's node10 module resolution cannot type.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { RequestOne } = require('@nats-io/nats-core/internal') as {
  RequestOne: { prototype: CancellableRequest };
};
// eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the request as `this`
const cancel = RequestOne.prototype.cancel;
RequestOne.prototype.cancel = function cancelSettled(this: CancellableRequest, err?: Error): void {
  cancel.call(this, err ?? SETTLED);
};

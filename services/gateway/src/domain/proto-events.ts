/**
 * proto3 → the JSON wire format of `POST /v1/events`: the envelope's `payload` oneof case becomes
 * `payload` (and names `type` when the caller left it empty). Everything else is validated as HTTP
 * input is, so gRPC and HTTP producers meet the same rules.
 */
export function protoEventToJson(event: Record<string, unknown>): Record<string, unknown> {
  const { payload: oneofCase, accountId: _ignored, producer: _set, ...envelope } = event;
  const json: Record<string, unknown> = { ...envelope };
  if (typeof oneofCase === 'string') {
    json.payload = event[oneofCase];
    delete json[oneofCase];
    if (!json.type) json.type = oneofCase.charAt(0).toUpperCase() + oneofCase.slice(1);
  }
  return json;
}

/**
 * Secrets in the shapes code and config give them, beyond a provider's own format (templates as in
 * secret-formats: `⟦…⟧` is the secret, the rest its setting). Planted next to every family by the
 * specs and end-to-end tests that look for survivors, so each shape is checked on every write path.
 */
export const SHAPE_FORMATS: Readonly<Record<string, string>> = {
  shape_compared: 'if (password == "⟦{a20}⟧")',
  shape_compared_reversed: '"⟦{a20}⟧" !== secret',
  shape_setter: 'secret.assign("⟦{a22}⟧")',
  shape_constructor: 'std::string secret("⟦{a24}⟧")',
  shape_c_array: 'char password[25] = "⟦{a18}⟧"',
  shape_xml_element: '<deployToken>⟦{a32}⟧</deployToken>',
  shape_go_declaration: 'var sonarToken string = "⟦{h40}⟧"',
  shape_type_annotation: 'db_password: str = "⟦{a18}⟧"',
  shape_makefile: 'DEPLOY_TOKEN ?= ⟦{a32}⟧',
  shape_jwt_unsigned: 'eyJhbGciOiJub25lIn0.eyJ{w60}',
  shape_jwt_as_basic: 'Authorization: Basic ⟦eyJhbGciOiJIUzI1NiJ9.eyJ{w48}.{w43}⟧',
  shape_curl_password_only: 'curl -u :⟦{a20}⟧ https://api.example.com',
  shape_curl_braces: 'curl -u {ops:⟦{a18}⟧} https://api.example.com',
  shape_pem_without_footer: '-----BEGIN PRIVATE KEY-----\n{b64}\n{b40}',
  shape_quoted_hex: '"⟦{h48}⟧"',
  shape_quoted_base64: "'⟦{b44}⟧'",
  shape_artifactory_short: 'AKC{a30}',
  shape_twilio_lower: 'SK{l32}',
  shape_softlayer_url: 'https://api.softlayer.com/soap/v3/⟦{l64}⟧',
  shape_npmrc: '//registry.npmjs.org/:_authToken=⟦{uuid}⟧',
  shape_kubernetes_tabs: 'kind: Secret\ndata:\n\tapi-key: ⟦{b32}⟧',
};

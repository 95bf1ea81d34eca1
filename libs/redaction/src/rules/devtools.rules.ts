import { B, E, hasDigit, hasMixedCase, mixed, randomish, type TokenRule } from './token-rule';

const GITLAB = [
  'glpat-',
  'gldt-',
  'glptt-',
  'glrt-',
  'glcbt-',
  'glimt-',
  'glagent-',
  'gloas-',
  'glsoat-',
  'glffct-',
  'glft-',
  'glrtr-',
];

export const DEVTOOLS_RULES: readonly TokenRule[] = [
  {
    kind: 'github_fine_grained_token',
    prefixes: ['github_pat_'],
    pattern: `${B}github_pat_[A-Za-z0-9_]{40,}`,
  },
  {
    kind: 'github_token',
    prefixes: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'],
    pattern: `${B}gh[pousr]_[A-Za-z0-9]{30,}`,
  },
  {
    kind: 'gitlab_token',
    prefixes: GITLAB,
    pattern: `${B}gl(?:pat|dt|ptt|rtr?|cbt|imt|agent|oas|soat|ffct|ft)-[A-Za-z0-9_.-]{20,}`,
  },
  { kind: 'gitlab_token', prefixes: ['GR1348941'], pattern: `${B}GR1348941[A-Za-z0-9_-]{20,}` },
  {
    kind: 'gitlab_token',
    prefixes: ['_gitlab_session='],
    pattern: `_gitlab_session=(?<secret>[a-f0-9]{32})`,
  },
  {
    kind: 'bitbucket_token',
    prefixes: ['ATBB', 'ATCTT'],
    pattern: `${B}(?:ATBB|ATCTT)[A-Za-z0-9_=-]{28,}`,
  },
  { kind: 'atlassian_token', prefixes: ['ATATT'], pattern: `${B}ATATT[A-Za-z0-9_=-]{40,}` },
  { kind: 'npm_token', prefixes: ['npm_'], pattern: `${B}npm_[A-Za-z0-9]{30,}`, accept: hasDigit },
  { kind: 'pypi_token', prefixes: ['pypi-'], pattern: `${B}pypi-[A-Za-z0-9_-]{40,}` },
  { kind: 'rubygems_token', prefixes: ['rubygems_'], pattern: `${B}rubygems_[a-f0-9]{48}${E}` },
  { kind: 'clojars_token', prefixes: ['CLOJARS_'], pattern: `${B}CLOJARS_[a-z0-9]{60}${E}` },
  { kind: 'nuget_key', prefixes: ['oy2'], pattern: `${B}oy2[a-z0-9]{43}${E}`, accept: hasDigit },
  // JFrog: API keys start AKC (base64 of "{\"") and passwords AP + a hex digit; reference tokens "cmVmdGtu" ("reftkn").
  {
    kind: 'artifactory_token',
    prefixes: ['AKC'],
    pattern: `${B}AKC[A-Za-z0-9]{10,}${E}`,
    accept: (s) => randomish(s) && (s.length >= 40 || hasMixedCase(s.slice(3))),
  },
  // Short AP passwords look like identifiers (APE2024…): below 40 they need upper, lower and two digits.
  {
    kind: 'artifactory_token',
    prefixes: ['AP'],
    pattern: `${B}AP[0-9A-F][A-Za-z0-9]{8,}${E}`,
    accept: (s) =>
      randomish(s) &&
      (s.length >= 40 || (hasMixedCase(s.slice(3)) && (s.match(/\d/g)?.length ?? 0) >= 2)),
  },
  {
    kind: 'artifactory_token',
    prefixes: ['cmVmdGtuOjAxOj'],
    pattern: `${B}cmVmdGtuOjAxOj[A-Za-z0-9+/]{40,}={0,2}`,
  },
  {
    kind: 'sourcegraph_token',
    prefixes: ['sgp_'],
    pattern: `${B}sgp_(?:[a-fA-F0-9]{16}_|local_)?[a-fA-F0-9]{40}${E}`,
  },
  {
    kind: 'sourcegraph_token',
    prefixes: ['sgs_', 'sgph_'],
    pattern: `${B}sg(?:s|ph)_[a-fA-F0-9]{16,}_?[a-fA-F0-9]{20,}${E}`,
  },
  {
    kind: 'sonarqube_token',
    prefixes: ['squ_', 'sqp_', 'sqa_'],
    pattern: `${B}sq[upa]_[a-f0-9]{40}${E}`,
  },
  {
    kind: 'snyk_token',
    prefixes: ['snyk_'],
    pattern: `${B}snyk_(?:uat|sat|ort)\\.[a-z0-9]{8}\\.[A-Za-z0-9_-]{20,}`,
  },
  {
    kind: 'circleci_token',
    prefixes: ['CCIPAT_', 'CCIPRJ_'],
    pattern: `${B}CCIP(?:AT|RJ)_[A-Za-z0-9]{20,}_[a-f0-9]{40}${E}`,
  },
  {
    kind: 'harness_token',
    prefixes: ['pat.', 'sat.'],
    pattern: `${B}(?:pat|sat)\\.[A-Za-z0-9_-]{22}\\.[a-f0-9]{24}\\.[A-Za-z0-9]{20}${E}`,
  },
  {
    kind: 'airtable_token',
    prefixes: ['pat'],
    pattern: `${B}pat[A-Za-z0-9]{14}\\.[a-f0-9]{64}${E}`,
  },
  {
    kind: 'octopus_deploy_key',
    prefixes: ['API-'],
    pattern: `${B}API-[A-Z0-9]{26}${E}`,
    accept: hasDigit,
  },
  { kind: 'postman_token', prefixes: ['PMAK-'], pattern: `${B}PMAK-[a-f0-9]{24}-[a-f0-9]{34}${E}` },
  { kind: 'prefect_token', prefixes: ['pnu_'], pattern: `${B}pnu_[A-Za-z0-9]{36}${E}` },
  { kind: 'readme_token', prefixes: ['rdme_'], pattern: `${B}rdme_[a-z0-9]{70}${E}` },
  {
    kind: 'infracost_token',
    prefixes: ['ico-'],
    pattern: `${B}ico-[A-Za-z0-9]{32}${E}`,
    accept: randomish,
  },
  {
    kind: 'linear_key',
    prefixes: ['lin_api_', 'lin_oauth_'],
    pattern: `${B}lin_(?:api|oauth)_[A-Za-z0-9]{40,}`,
  },
  {
    kind: 'settlemint_token',
    prefixes: ['sm_pat_', 'sm_aat_', 'sm_sat_'],
    pattern: `${B}sm_[aps]at_[A-Za-z0-9]{16,}`,
  },
  {
    kind: 'defined_networking_token',
    prefixes: ['dnkey-'],
    pattern: `${B}dnkey-[a-z0-9=_-]{26}-[a-z0-9=_-]{52}`,
  },
  { kind: 'frameio_token', prefixes: ['fio-u-'], pattern: `${B}fio-u-[A-Za-z0-9_=-]{64}` },
  {
    kind: 'dynatrace_token',
    prefixes: ['dt0c01.', 'dt0s01.', 'dt0s16.'],
    pattern: `${B}dt0[cs][0-9]{2}\\.[A-Z0-9]{24}\\.[A-Z0-9]{64}`,
  },
  { kind: 'easypost_token', prefixes: ['EZAK', 'EZTK'], pattern: `${B}EZ[AT]K[A-Za-z0-9]{54}${E}` },
  { kind: 'typeform_token', prefixes: ['tfp_'], pattern: `${B}tfp_[A-Za-z0-9_=.-]{59}` },
  { kind: 'grafana_token', prefixes: ['glc_'], pattern: `${B}glc_[A-Za-z0-9+/]{32,}={0,2}` },
  {
    kind: 'grafana_token',
    prefixes: ['glsa_'],
    pattern: `${B}glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}${E}`,
  },
  {
    kind: 'grafana_token',
    prefixes: ['eyJrIjoi'],
    pattern: `${B}eyJrIjoi[A-Za-z0-9+/]{50,}={0,2}`,
  },
  { kind: 'sentry_token', prefixes: ['sntryu_'], pattern: `${B}sntryu_[a-f0-9]{64}${E}` },
  { kind: 'sentry_token', prefixes: ['sntrys_'], pattern: `${B}sntrys_eyJ[A-Za-z0-9+/_=-]{60,}` },
  {
    kind: 'new_relic_key',
    prefixes: ['NRAK-', 'NRAA-', 'NRRA-'],
    pattern: `${B}NR(?:AK|AA|RA)-[A-Z0-9]{27}${E}`,
  },
  { kind: 'new_relic_key', prefixes: ['NRJS-'], pattern: `${B}NRJS-[a-f0-9]{19}${E}` },
  { kind: 'new_relic_key', prefixes: ['NRII-'], pattern: `${B}NRII-[A-Za-z0-9_-]{32}` },
  { kind: 'new_relic_key', trigger: 'NRAL', back: 36, pattern: `${B}[a-f0-9]{36}NRAL${E}` },
  {
    kind: 'launchdarkly_key',
    prefixes: ['api-', 'sdk-', 'mob-'],
    pattern: `${B}(?:api|sdk|mob)-[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}${E}`,
  },
  {
    kind: 'fastly_token',
    prefixes: ['fastly_'],
    pattern: `${B}fastly_[A-Za-z0-9_-]{32,}`,
    accept: randomish,
  },
  { kind: 'contentful_token', prefixes: ['CFPAT-'], pattern: `${B}CFPAT-[A-Za-z0-9_-]{43}` },
  {
    kind: 'shopify_token',
    prefixes: ['shpat_', 'shpss_', 'shpca_', 'shppa_'],
    pattern: `${B}shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}`,
  },
  {
    kind: 'docker_hub_token',
    prefixes: ['dckr_pat_', 'dckr_oat_'],
    pattern: `${B}dckr_(?:pat|oat)_[A-Za-z0-9_-]{27,}`,
  },
  { kind: 'render_key', prefixes: ['rnd_'], pattern: `${B}rnd_[A-Za-z0-9]{32}${E}`, accept: mixed },
  {
    kind: 'authress_key',
    trigger: String.raw`\.acc[_-]`,
    back: 45,
    pattern: `${B}(?:sc|ext|scauth|authress)_[a-z0-9]{5,30}\\.[a-z0-9]{4,6}\\.acc[_-][a-z0-9-]{10,32}\\.[A-Za-z0-9+/_=-]{30,120}`,
  },
];

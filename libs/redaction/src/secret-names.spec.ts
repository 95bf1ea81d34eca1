import { namesSecret } from './secret-names';
import { shannonEntropy, looksRandom } from './entropy';

describe('namesSecret', () => {
  it.each([
    'password',
    'DB_PASSWORD',
    'passwd',
    'pwd',
    'db_pwd',
    'secret',
    'client_secret',
    'clientSecret',
    'token',
    'GITHUB_TOKEN',
    'api_key',
    'apiKey',
    'x-api-key',
    'access_key',
    'private_key',
    'auth',
    'Authorization',
    'credentials',
    '--password',
    'aws_secret_access_key',
    'dbpassword',
    'fooapikeyfoo',
    'mypasswordforstuff',
    'root_pw',
    'smtpPsw',
    'db_creds',
  ])('treats %s as naming a secret', (name) => expect(namesSecret(name)).toBe(true));

  it.each([
    'author',
    'monkey',
    'key',
    'tokens',
    'max_tokens',
    'input_tokens',
    'token_count',
    'password_min_length',
    'auth_url',
    'secret_name',
    'PWD',
    'OLDPWD',
    'keyboard',
    'passage',
    'AWS_ACCESS_KEY_ID',
    'credsStore',
    'secretary',
    'tokenizer',
  ])('does not treat %s as naming a secret', (name) => expect(namesSecret(name)).toBe(false));
});

describe('entropy', () => {
  it('measures bits per character', () => {
    expect(shannonEntropy('')).toBe(0);
    expect(shannonEntropy('aaaa')).toBe(0);
    expect(shannonEntropy('abcd')).toBe(2);
  });

  it('calls random tokens random but not hex ids, UUIDs, paths or word chains', () => {
    expect(looksRandom('Zk29XqLm83NvPq7RtY2wA')).toBe(true);
    expect(looksRandom('3f2c9a1b7d4e5f60718293a4b5c6d7e8f9012345')).toBe(false);
    expect(looksRandom('123e4567-e89b-42d3-a456-426614174000')).toBe(false);
    expect(looksRandom('src/auth/refreshTokenHandler2.ts')).toBe(false);
    expect(looksRandom('refresh_token_rotation_v2_job')).toBe(false);
    expect(looksRandom('short1A')).toBe(false);
  });
});

import { maskToken } from './mask-token';

describe('maskToken', () => {
  it.each([
    ['1234', '<*>'],
    ['-17', '<*>'],
    ['3.14', '<*>'],
    ['10.251.43.210', '<*>'],
    ['10.251.43.210:50010', '<*>:<*>'],
    ['/10.0.0.7:8080', '/<*>:<*>'],
    ['blk_-6952295868487656571', 'blk_<*>'],
    ['appattempt_1445144423722_0020_000001', 'appattempt_<*>'],
    ['node-246', 'node-<*>'],
    ['0x1f3a', '<*>'],
    ['(0x0)', '(<*>)'],
    ['250ms', '<*>'],
    ['16KB,', '<*>,'],
    ['HWID=1973)', 'HWID=<*>)'],
    ['x=-5', 'x=<*>'],
    ['d41d8cd98f00b204e9800998ecf8427e', '<*>'],
    ['2017-06-09', '<*>'],
  ])('masks the value in %s', (token, masked) => {
    expect(maskToken(token)).toBe(masked);
  });

  it.each(['terminating', 'workerEnv.init()', 'mod_jk', 'en0:', 'IPv6', 'ext4', 'sha256'])(
    'keeps %s, a word with or without a digit in it',
    (token) => {
      expect(maskToken(token)).toBe(token);
    },
  );
});

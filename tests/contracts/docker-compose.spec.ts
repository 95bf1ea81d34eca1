import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { SERVICES } from '@mnemo/platform-service';

const root = path.join(__dirname, '../..');
const compose = (...args: string[]) =>
  execFileSync('docker-compose', ['-f', path.join(root, 'docker-compose.yml'), ...args], { cwd: root, encoding: 'utf8' });

describe('docker-compose.yml', () => {
  it('is valid for docker-compose (validated without an engine)', () => {
    // Debian's docker-compose validates the file without a Docker engine; .ci/run installs it.
    expect(() => compose('config', '-q')).not.toThrow();
  });

  it('runs every Mnemo service, next to NATS, PostgreSQL and Redis', () => {
    const services = compose('config', '--services').trim().split('\n');
    expect(services).toEqual(expect.arrayContaining(['nats', 'postgres', 'redis', ...SERVICES.map((s) => s.name)]));
  });
});
